"""``python -m rewardkit`` runs the command line."""

from rewardkit.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
