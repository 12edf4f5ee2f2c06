"""``rewardkit eval``: generate with a model's checkpoints, or grade existing completions, and write the
records and the summary. Registered into the ``rewardkit`` command line through the ``rewardkit.commands``
entry point; argparse only at module level (the work is imported inside ``cmd_eval``)."""

from __future__ import annotations

import argparse
from typing import Any

from rewardkit.cli.argtypes import int_at_least, int_list, number_at_least, probability
from rewardkit.cli.messages import error
from rewardkit.cli.options import add_grading_options
from rewardkit.exit_codes import EXIT_USAGE

__all__ = ["register"]

_positive_int = int_at_least(1)
_non_negative_float = number_at_least(0)


def register(sub: Any) -> None:
    e = sub.add_parser(
        "eval",
        help="evaluate a model's checkpoints, or existing completions: records, accuracy, pass@k, maj@k",
        description="Generate with a model (--model PATH, on --dataset/--data-file problems) or grade "
        "existing completions (--completions IN.jsonl), and write the per-sample records "
        "(records.jsonl, both policies) and summary.json (n, accuracy under the strict policy, "
        "accuracy_flexible, 95% intervals, pass@k, maj@k, pass^k, counts per verdict). --model takes a "
        "model folder, a training run folder (each checkpoint-N subfolder, in step order, goes to "
        "DIR/checkpoint-N/), a LoRA adapter folder, a .gguf file or a hub id. A rerun into the same DIR "
        "only does what is not yet recorded. Malformed lines are reported as FILE:LINE on stderr and "
        "skipped; the exit status is then 2.",
    )
    e.add_argument("--completions", metavar="IN.jsonl", help="grade the completions in this JSONL file")
    e.add_argument(
        "--model",
        metavar="PATH",
        help="model folder, run folder of checkpoint-N subfolders, LoRA adapter folder, .gguf file or hub id "
        "(needs torch and transformers: pip install 'rewardkit[eval]')",
    )
    e.add_argument("--output-dir", metavar="DIR", help="where records.jsonl and summary.json are written")
    e.add_argument(
        "--dataset",
        choices=("gsm8k", "math500"),
        help="with --model: the benchmark (its field names; loaded from the hub unless --data-file is given)",
    )
    e.add_argument(
        "--data-file", metavar="FILE.jsonl", help="with --model: the problems, one JSON object a line"
    )
    e.add_argument("--split", help="with --dataset and no --data-file: the hub split (default: test)")
    e.add_argument(
        "--question-key",
        help="field holding the question (default: question; problem for --dataset math500)",
    )
    e.add_argument(
        "--gold-key",
        "--answer-key",
        dest="answer_key",
        help="field holding the gold answer, a dotted key for a nested one (default: answer)",
    )
    e.add_argument(
        "--completion-key", default="completion", help="field holding the completion (default: completion)"
    )
    e.add_argument(
        "--id-key",
        help="field holding the problem id (default: id; unique_id for --dataset math500). With "
        "--completions, lines sharing it are samples of one problem (without it, lines with the same "
        "question are); with --model, a problem without it is named by its 0-based line number",
    )
    e.add_argument(
        "--sample-key",
        default="sample_index",
        help="field holding the sample number within its problem (default: sample_index; without it, "
        "the order of the lines)",
    )
    add_grading_options(e)
    e.add_argument(
        "--k",
        type=int_list,
        metavar="K[,K...]",
        help="the k of pass@k, maj@k and pass^k (default: every k up to the samples per problem)",
    )
    e.add_argument("--limit", type=_positive_int, metavar="N", help="evaluate only the first N problems")
    gen = e.add_argument_group("generation (with --model)")
    gen.add_argument(
        "--base-model", metavar="PATH", help="base model of a LoRA adapter (default: its config's)"
    )
    gen.add_argument("--n", type=_positive_int, default=1, help="samples per problem (default: 1)")
    gen.add_argument(
        "--max-new-tokens", type=_positive_int, default=512, help="tokens per completion (default: 512)"
    )
    gen.add_argument(
        "--temperature",
        type=_non_negative_float,
        default=0.0,
        help="0 is greedy (default: 0; with --n above 1, sampling at 1.0 is used instead)",
    )
    gen.add_argument("--top-p", type=probability, default=1.0, help="nucleus sampling mass (default: 1)")
    gen.add_argument("--batch-size", type=_positive_int, default=8, help="sequences per batch (default: 8)")
    gen.add_argument("--seed", type=int, default=0, help="sampling and --shuffle seed (default: 0)")
    gen.add_argument("--shuffle", action="store_true", help="shuffle the problems with --seed before --limit")
    gen.add_argument(
        "--system", help="the system prompt (default: a short math-solver instruction; '' for none)"
    )
    gen.add_argument(
        "--instruction",
        help="the answer-format instruction after each question (default: answer after '####' or in "
        "\\boxed{}; '' for none)",
    )
    gen.add_argument(
        "--few-shot",
        metavar="FILE",
        help="JSONL of worked examples (same question/answer keys as the data) shown before each question; "
        "problems that appear as exemplars are not evaluated",
    )
    gen.add_argument(
        "--few-shot-n", type=_positive_int, default=4, help="how many exemplars from --few-shot (default: 4)"
    )
    gen.add_argument(
        "--fresh",
        action="store_true",
        help="discard what an earlier run recorded in DIR's checkpoint folders and start them clean (a rerun "
        "whose model or settings differ is refused without it)",
    )
    gen.add_argument("--device", help="torch device (default: cuda when available, else cpu)")
    gen.add_argument(
        "--backend",
        choices=("transformers", "vllm"),
        default="transformers",
        help="generation backend (default: transformers); vllm needs the vllm package and a GPU, and writes "
        "the same records",
    )

    e.set_defaults(run=cmd_eval)


def cmd_eval(args: argparse.Namespace) -> int:
    if (args.completions is None) == (args.model is None):
        error(
            "eval needs either --model PATH (generate, then grade) or --completions IN.jsonl (grade existing "
            "completions), not " + ("both" if args.model else "neither")
        )
        return EXIT_USAGE
    if args.output_dir is None:
        error("eval needs --output-dir DIR (where records.jsonl and summary.json are written)")
        return EXIT_USAGE
    if args.model is not None:
        return _eval_model(args)

    from evalkit.completions import CompletionsOptions, run_completions

    opts = CompletionsOptions(
        completions=args.completions,
        output_dir=args.output_dir,
        question_key=args.question_key or "question",
        answer_key=args.answer_key or "answer",
        completion_key=args.completion_key,
        id_key=args.id_key or "id",
        sample_key=args.sample_key,
        workers=args.workers,
        ks=args.k,
        limit=args.limit,
        timeout_s=args.timeout,
        decimals=args.decimals,
    )
    return run_completions(opts)


def _eval_model(args: argparse.Namespace) -> int:
    if args.dataset is None and args.data_file is None:
        error("--model needs the problems: --dataset gsm8k|math500 and/or --data-file FILE.jsonl")
        return EXIT_USAGE
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as exc:
        error(f"--model needs torch and transformers ({exc}); install them: pip install 'rewardkit[eval]'")
        return EXIT_USAGE

    from evalkit.model_eval import ModelEvalOptions, run_model_eval
    from evalkit.prompts import DEFAULT_INSTRUCTION, DEFAULT_SYSTEM

    opts = ModelEvalOptions(
        model=args.model,
        output_dir=args.output_dir,
        dataset=args.dataset,
        data_file=args.data_file,
        split=args.split,
        question_key=args.question_key,
        answer_key=args.answer_key,
        id_key=args.id_key,
        base_model=args.base_model,
        n=args.n,
        max_new_tokens=args.max_new_tokens,
        temperature=args.temperature,
        top_p=args.top_p,
        batch_size=args.batch_size,
        limit=args.limit,
        shuffle=args.shuffle,
        seed=args.seed,
        system=DEFAULT_SYSTEM if args.system is None else args.system,
        instruction=DEFAULT_INSTRUCTION if args.instruction is None else args.instruction,
        ks=args.k,
        workers=args.workers,
        device=args.device,
        few_shot_file=args.few_shot,
        few_shot_n=args.few_shot_n,
        backend=args.backend,
        timeout_s=args.timeout,
        decimals=args.decimals,
        fresh=args.fresh,
    )
    return run_model_eval(opts)
