"""The error-analysis report on real completions: GSM8K test, 4 models x 1319 labelled solutions.

    python bench/report_gsm8k.py                          # into a temporary folder, prints the figures
    python bench/report_gsm8k.py --out /tmp/gsm8k-report  # keep eval/<model>/records.jsonl and the reports
    python bench/report_gsm8k.py --limit 200              # quick look

Reads ``../shared/data/gsm8k/example_model_solutions.jsonl`` by path (never copied into the repository).
Each line holds a question, a GSM8K rationale gold ending in ``A: N`` and four models' solutions with an
``is_correct`` label. The gold's ``A: N`` is rewritten to GSM8K's ``#### N`` so that the grader reduces it
to N and the records keep the whole rationale (its ``<<a*b=c>>`` calculations feed the reasoning-error
detail). Every model becomes one "checkpoint" folder, graded with ``rewardkit eval --completions``, then
reported with ``rewardkit report`` (Markdown and HTML). Prints the category counts per model and overall,
the grader-suspect count, agreement of the flexible verdict with the data set's labels, and timings.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

from shared_data import GSM8K_MODELS, GSM8K_SOLUTIONS, read_gsm8k_solutions


def write_inputs(data: Path, folder: Path, limit: int | None) -> dict[str, Path]:
    """One ``--completions`` input per model: id, question, rationale gold (``#### N``), completion, label."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {m: folder / f"{m}.jsonl" for m in GSM8K_MODELS}
    handles = {m: files[m].open("w", encoding="utf-8") for m in GSM8K_MODELS}
    try:
        for i, q in enumerate(read_gsm8k_solutions(data)[:limit]):
            gold = f"{q.rationale}\n#### {q.final}"
            for m in GSM8K_MODELS:
                item = {
                    "id": f"test-{i:04d}",
                    "question": q.question,
                    "answer": gold,
                    "completion": q.solutions[m],
                    "label": q.is_correct[m],
                }
                handles[m].write(json.dumps(item, ensure_ascii=False) + "\n")
    finally:
        for h in handles.values():
            h.close()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=GSM8K_SOLUTIONS)
    parser.add_argument("--out", type=Path, help="keep everything here (default: a temporary folder)")
    parser.add_argument("--limit", type=int, help="only the first N questions")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        root = args.out or Path(tmp)
        return run(args, root)


def run(args: argparse.Namespace, root: Path) -> int:
    import io

    from evalkit import analysis as an
    from evalkit.completions import CompletionsOptions, run_completions
    from evalkit.render import write_report

    inputs = write_inputs(args.data, root / "inputs", args.limit)
    timings: dict[str, float] = {}
    start = time.perf_counter()
    for model, path in inputs.items():
        opts = CompletionsOptions(
            completions=str(path), output_dir=str(root / "eval" / model), workers=args.workers, ks=[1]
        )
        code = run_completions(opts, out=io.StringIO(), err=sys.stderr)
        if code != 0:
            print(f"eval of {model} exited {code}", file=sys.stderr)
            return code
    timings["eval (grading, 4 models)"] = time.perf_counter() - start

    start = time.perf_counter()
    df = an.load_records(root)
    timings["load_records"] = time.perf_counter() - start
    start = time.perf_counter()
    md = write_report(root, fmt="md")
    timings["report (Markdown)"] = time.perf_counter() - start
    start = time.perf_counter()
    html = write_report(root, fmt="html")
    timings["report (HTML, with plots)"] = time.perf_counter() - start

    suspects = an.grader_suspects(df)
    labels = {}
    for model, path in inputs.items():
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                labels[(model, row["id"])] = row["label"]
    agree = sum(bool(r["correct"]) == labels[(r["checkpoint"], r["id"])] for r in df.to_dict("records"))

    print(f"records: {len(df)} ({len(inputs)} models x {len(df) // len(inputs)} questions)")
    print("\n| category | " + " | ".join(an.checkpoints(df)) + " | all | share |")
    print("|---|" + "---:|" * (len(inputs) + 2))
    for cat in an.CATEGORIES:
        per = [int((part["category"] == cat).sum()) for _, part in an.iter_sources(df)]
        total = sum(per)
        if total or cat in ("correct", "reasoning_error"):
            print(
                f"| {an.CATEGORY_LABELS[cat]} | "
                + " | ".join(map(str, per))
                + f" | {total} | {total / len(df):.1%} |"
            )
    strict = Counter(df["category_strict"])
    print(f"\nstrict policy: {dict(sorted(strict.items()))}")
    cost = an.format_cost(df)
    print(
        f"accuracy strict {cost.accuracy_strict:.1%}, flexible {cost.accuracy_flexible:.1%}, "
        f"format cost {cost.points:.1f} points"
    )
    print(
        f"flexible verdict agrees with the data set's is_correct label on {agree}/{len(df)} "
        f"({agree / len(df):.2%})"
    )
    print(f"grader suspects: {len(suspects)}")
    for reason, n in Counter(r.split(" (")[0] for rs in suspects["reasons"] for r in rs).most_common():
        print(f"  {n:5d}  {reason}")
    detail = an.reasoning_detail(df)
    print(f"reasoning detail (all models): {detail.as_dict()}")
    print("\ntimings (this machine, one process):")
    for name, seconds in timings.items():
        print(f"  {name}: {seconds:.1f} s")
    print(f"\nwrote {md} and {html} ({html.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
