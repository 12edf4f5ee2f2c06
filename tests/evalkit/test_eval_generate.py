"""``rewardkit eval --model``: prompts, checkpoint discovery, generation, records, resume, LoRA adapters.

The model is a tiny random Llama with a character tokenizer built offline (``tests/tiny_model.py``): its
answers are noise, the point is the plumbing. With 8 new tokens it never finishes, so every record is
``finish_reason: "length"`` and TRUNCATED. Prompt building and discovery need no torch; the rest is skipped
without the ``[train]`` / ``[eval]`` extra.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from paths import REPO

from evalkit.generate import Checkpoint, discover_checkpoints
from evalkit.prompts import DEFAULT_INSTRUCTION, DEFAULT_SYSTEM, build_prompt
from rewardkit.cli import main

PROBLEMS = REPO / "fixtures" / "eval" / "problems.jsonl"
LIMIT = 4


# --------------------------------------------------------------------------- prompts (no torch)


class FakeChatTokenizer:
    """Enough of a transformers tokenizer for build_prompt: a template that renders role|content lines."""

    chat_template = "fake"

    def __init__(self, system_role: bool = True) -> None:
        self.system_role = system_role
        self.seen: list[list[dict[str, str]]] = []

    def apply_chat_template(
        self, messages: list[dict[str, str]], *, tokenize: bool, add_generation_prompt: bool
    ) -> str:
        assert tokenize is False and add_generation_prompt is True
        if not self.system_role and any(m["role"] == "system" for m in messages):
            raise ValueError("System role not supported")
        self.seen.append(messages)
        return "".join(f"<{m['role']}>{m['content']}\n" for m in messages) + "<assistant>"


def test_build_prompt_plain_layout() -> None:
    prompt = build_prompt(None, "What is 2+3?")
    assert prompt == f"{DEFAULT_SYSTEM}\n\n{DEFAULT_INSTRUCTION}\n\nQuestion: What is 2+3?\nAnswer:"
    assert "####" in DEFAULT_INSTRUCTION and "\\boxed{}" in DEFAULT_INSTRUCTION
    # a tokenizer without a template (a base model) gets the plain layout too
    assert build_prompt(object(), "Q", system="", instruction="") == "Question: Q\nAnswer:"
    shots = build_prompt(None, "Q2", system="", instruction="", few_shot=[("Q1", "A1\n#### 1")])
    assert shots == "Question: Q1\nAnswer: A1\n#### 1\n\nQuestion: Q2\nAnswer:"


def test_build_prompt_chat_template() -> None:
    tok = FakeChatTokenizer()
    prompt = build_prompt(tok, "What is 2+3?", system="S", instruction="I", few_shot=[("Q1", "A1")])
    assert tok.seen[-1] == [
        {"role": "system", "content": "S"},
        {"role": "user", "content": "Q1\n\nI"},
        {"role": "assistant", "content": "A1"},
        {"role": "user", "content": "What is 2+3?\n\nI"},
    ]
    assert prompt.endswith("<user>What is 2+3?\n\nI\n<assistant>")
    assert build_prompt(tok, "Q", system="", instruction="") == "<user>Q\n<assistant>"
    # a template that rejects the system role gets it folded into the first user turn
    no_system = FakeChatTokenizer(system_role=False)
    assert build_prompt(no_system, "Q", system="S", instruction="I") == "<user>S\n\nQ\n\nI\n<assistant>"


# --------------------------------------------------------------------------- discovery (no torch)


def _touch_model(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "config.json").write_text("{}")
    return folder


def test_discover_checkpoints(tmp_path: Path) -> None:
    run = tmp_path / "run"
    for name in ("checkpoint-10", "checkpoint-2", "checkpoint-1000"):
        _touch_model(run / name)
    (run / "logs").mkdir()
    found = discover_checkpoints(str(run))
    assert [(c.name, c.step, c.kind) for c in found] == [
        ("checkpoint-2", 2, "model"),
        ("checkpoint-10", 10, "model"),
        ("checkpoint-1000", 1000, "model"),
    ]
    # a run folder with the final model saved at its root: the checkpoints, then the root as "final"
    (run / "config.json").write_text("{}")
    assert [c.name for c in discover_checkpoints(str(run))][-1] == "final"

    model = _touch_model(tmp_path / "my-model")
    assert discover_checkpoints(str(model)) == [Checkpoint("my-model", str(model), "model")]

    adapter = tmp_path / "adapter"
    adapter.mkdir()
    (adapter / "adapter_config.json").write_text(json.dumps({"base_model_name_or_path": "/models/base"}))
    [lora] = discover_checkpoints(str(adapter))
    assert (lora.kind, lora.base_model) == ("lora", "/models/base")
    assert discover_checkpoints(str(adapter), base_model="other")[0].base_model == "other"

    gguf_dir = tmp_path / "gguf"
    gguf_dir.mkdir()
    (gguf_dir / "M.Q4_1.gguf").write_bytes(b"GGUF")
    [g] = discover_checkpoints(str(gguf_dir))
    assert (g.kind, g.path, g.gguf_file) == ("gguf", str(gguf_dir), "M.Q4_1.gguf")
    [g2] = discover_checkpoints(str(gguf_dir / "M.Q4_1.gguf"))
    assert (g2.name, g2.kind, g2.gguf_file) == ("M.Q4_1", "gguf", "M.Q4_1.gguf")
    (gguf_dir / "other.gguf").write_bytes(b"GGUF")
    with pytest.raises(ValueError, match="several GGUF"):
        discover_checkpoints(str(gguf_dir))

    [hub] = discover_checkpoints("Org/some-model")
    assert (hub.name, hub.kind, hub.path) == ("Org--some-model", "hub", "Org/some-model")
    with pytest.raises(ValueError, match="holds no model"):
        discover_checkpoints(str(tmp_path / "run" / "logs"))
    (run / "checkpoint-3").mkdir()
    with pytest.raises(ValueError, match="checkpoint-3 holds no model"):
        discover_checkpoints(str(run))
    with pytest.raises(ValueError, match="does not exist"):
        discover_checkpoints(str(tmp_path / "missing"))


# --------------------------------------------------------------------------- the tiny model


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch", reason="needs torch: pip install -e '.[train]'")
    pytest.importorskip("transformers", reason="needs transformers: pip install -e '.[train]'")
    from tiny_model import tiny_model

    folder = tmp_path_factory.mktemp("tiny") / "tiny-llama"
    tiny_model(folder)
    return folder


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()


def _eval(model: Path, out_dir: Path, *extra: str) -> tuple[int, str, str]:
    argv = ["eval", "--model", str(model), "--data-file", str(PROBLEMS), "--output-dir", str(out_dir)]
    return _run([*argv, "--limit", str(LIMIT), "--max-new-tokens", "8", *extra])


def _records(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "records.jsonl").read_text().splitlines()]


def test_generate_finish_reasons_and_token_counts(tiny: Path) -> None:
    from evalkit.generate import generate, load_model

    [ckpt] = discover_checkpoints(str(tiny))
    model, tokenizer = load_model(ckpt, device="cpu")
    assert tokenizer.padding_side == "left"
    prompts = [build_prompt(tokenizer, "What is 2+3?"), build_prompt(tokenizer, "Add 1 and 1, please.")]
    assert prompts[0].startswith("<|system|>") and prompts[0].endswith("<|assistant|>")

    greedy = generate(model, tokenizer, prompts, max_new_tokens=5, temperature=0, batch_size=2)
    assert [len(row) for row in greedy] == [1, 1]
    assert all(g.finish_reason == "length" and g.token_count == 5 for row in greedy for g in row)
    assert generate(model, tokenizer, prompts, max_new_tokens=5, temperature=0, batch_size=1) is not None
    again = generate(model, tokenizer, prompts, max_new_tokens=5, temperature=0, batch_size=2)
    assert [g.completion for row in again for g in row] == [g.completion for row in greedy for g in row]

    sampled = generate(
        model, tokenizer, prompts, n=3, max_new_tokens=4, temperature=1.0, batch_size=4, seed=1
    )
    assert [len(row) for row in sampled] == [3, 3]
    assert all(len(g.completion) <= 4 for row in sampled for g in row)  # one character per token
    with pytest.warns(UserWarning, match="greedy"):
        generate(model, tokenizer, prompts[:1], n=2, max_new_tokens=2, temperature=0)

    # every token an end of sequence: each completion stops at once, empty, one token counted
    model.generation_config.eos_token_id = list(range(len(tokenizer)))
    stopped = generate(model, tokenizer, prompts, max_new_tokens=5, temperature=0)
    assert [(g.completion, g.finish_reason, g.token_count) for row in stopped for g in row] == [
        ("", "stop", 1)
    ] * 2


def test_eval_cli_over_checkpoints_and_resume(tiny: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    for name in ("checkpoint-10", "checkpoint-2"):
        shutil.copytree(tiny, run / name)
    out_dir = tmp_path / "out"
    rc, out, err = _eval(run, out_dir)
    assert rc == 0, err
    assert "evaluating 2 checkpoint(s) (checkpoint-2, checkpoint-10)" in err
    assert out.index("checkpoint-2") < out.index("checkpoint-10")
    assert "accuracy by checkpoint" in out and "strict [95% CI]" in out

    folder = out_dir / "checkpoint-10"
    records = _records(folder)
    assert [(r["id"], r["sample_index"]) for r in records] == [(0, 0), (1, 0), (2, 0), ("alg-1", 0)]
    for r in records:
        assert r["finish_reason"] == "length" and r["token_count"] == 8
        assert r["verdict"] == r["verdict_strict"] == "TRUNCATED" and r["correct"] is False
        assert r["prompt"].startswith("<|system|>") and r["question"] in r["prompt"]
    assert records[0]["calculations"] == 2 and records[3]["subject"] == "Algebra"
    summary = json.loads((folder / "summary.json").read_text())
    assert (
        summary["n"] == LIMIT and summary["accuracy"] == 0.0 and summary["verdicts"] == {"TRUNCATED": LIMIT}
    )
    assert summary["checkpoint"] == "checkpoint-10" and summary["step"] == 10
    assert (
        summary["generation"]["max_new_tokens"] == 8 and summary["generation"]["this_run"]["samples"] == LIMIT
    )

    # an interrupted run: half the records are gone; the rerun generates only those, keeps the others
    kept = (folder / "records.jsonl").read_text().splitlines()[:2]
    (folder / "records.jsonl").write_text("\n".join(kept) + "\n")
    rc, out, err = _eval(run, out_dir)
    assert rc == 0, err
    assert f"checkpoint-10: resuming: 2 of {LIMIT} samples" in err
    assert f"checkpoint-2: resuming: {LIMIT} of {LIMIT} samples" in err
    assert "checkpoint-2: loaded" not in err  # complete: not even loaded
    again = _records(folder)
    assert [json.dumps(r) for r in again[:2]] == kept
    assert [(r["id"], r["sample_index"], r["prompt"]) for r in again] == [
        (r["id"], r["sample_index"], r["prompt"]) for r in records
    ]
    assert json.loads((folder / "summary.json").read_text())["generation"]["this_run"]["samples"] == 2

    # the same folder with another prompt: refused, nothing mixed
    rc, _, err = _eval(run, out_dir, "--system", "Be brief.")
    assert rc == 2 and "different prompt" in err and "fresh --output-dir" in err
    assert len(_records(folder)) == LIMIT


def test_eval_cli_samples_and_k(tiny: Path, tmp_path: Path) -> None:
    rc, out, err = _eval(tiny, tmp_path / "s", "--n", "2", "--temperature", "0.8", "--limit", "2")
    assert rc == 0, err
    summary = json.loads((tmp_path / "s" / "tiny-llama" / "summary.json").read_text())
    assert summary["n"] == 2 and summary["samples_per_problem"] == 2 and summary["ks"] == [1, 2]
    assert "pass@2 strict / flex" in out
    rc, _, err = _eval(tiny, tmp_path / "k", "--k", "3")
    assert rc == 2 and "--k 3" in err
    rc, _, err = _eval(tiny, tmp_path / "g", "--n", "2", "--limit", "1")
    assert rc == 0 and "sampling at --temperature 1.0" in err


def test_eval_lora_adapter(tiny: Path, tmp_path: Path) -> None:
    pytest.importorskip("peft", reason="needs peft: pip install -e '.[train]'")
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    from evalkit.generate import load_model

    base = AutoModelForCausalLM.from_pretrained(tiny)
    torch.manual_seed(0)
    # init_lora_weights=False: random B as well as A, so the adapter really changes the weights
    config = LoraConfig(r=4, lora_alpha=8, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    adapter = tmp_path / "adapter"
    get_peft_model(base, config).save_pretrained(adapter)
    assert json.loads((adapter / "adapter_config.json").read_text())["base_model_name_or_path"] == str(tiny)

    [ckpt] = discover_checkpoints(str(adapter))
    assert (ckpt.kind, ckpt.base_model) == ("lora", str(tiny))
    merged, tokenizer = load_model(ckpt, device="cpu")
    plain = AutoModelForCausalLM.from_pretrained(tiny)
    name = "model.layers.0.self_attn.q_proj.weight"
    assert not torch.equal(merged.state_dict()[name], plain.state_dict()[name])
    assert tokenizer.decode(tokenizer("a b\nc")["input_ids"], skip_special_tokens=True) == "a b\nc"

    rc, _, err = _eval(adapter, tmp_path / "out", "--limit", "2")
    assert rc == 0, err
    summary = json.loads((tmp_path / "out" / "adapter" / "summary.json").read_text())
    assert summary["kind"] == "lora" and summary["base_model"] == str(tiny) and summary["n"] == 2


def test_few_shot_exemplars_load_and_leave_the_evaluation(tmp_path: Path) -> None:
    from evalkit.model_eval import ModelEvalOptions, load_few_shot, load_problems, without_exemplars

    opts = ModelEvalOptions(
        model="m", output_dir="o", data_file=str(PROBLEMS), few_shot_file=str(PROBLEMS), few_shot_n=2
    )
    shots = load_few_shot(opts)
    assert [q[:9] for q, _ in shots] == ["Tom has 3", "A train t"]
    assert shots[0][1].endswith("#### 7")  # the worked rationale is the exemplar's answer
    problems = load_problems(opts, lambda e: None)
    kept = without_exemplars(problems, shots)
    assert len(kept) == len(problems) - 2 and all(p.question not in dict(shots) for p in kept)
    bad = tmp_path / "shots.jsonl"
    bad.write_text('{"question": "q1", "answer": "1"}\n{"question": "q2"}\n')
    with pytest.raises(OSError, match=r"shots\.jsonl:2"):
        load_few_shot(ModelEvalOptions(model="m", output_dir="o", few_shot_file=str(bad)))


def test_eval_cli_few_shot_prompts(tiny: Path, tmp_path: Path) -> None:
    rc, _, err = _eval(tiny, tmp_path / "f", "--few-shot", str(PROBLEMS), "--few-shot-n", "1")
    assert rc == 0, err
    records = _records(tmp_path / "f" / "tiny-llama")
    assert records and all("Tom has 3 * 4 = <<3*4=12>>12 pens." in r["prompt"] for r in records)
    assert all(not r["question"].startswith("Tom has 3 boxes") for r in records)


def test_eval_progress_bars_over_checkpoints_and_samples(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich treats the captured stderr as a terminal
    run = tmp_path / "run"
    for name in ("checkpoint-1", "checkpoint-2"):
        shutil.copytree(tiny, run / name)
    rc, _, err = _eval(run, tmp_path / "out", "--limit", "2")
    assert rc == 0, err
    assert "checkpoints" in err and "1/2" in err and "2/2" in err  # the bar over checkpoints
    assert "checkpoint-2 samples" in err  # the bar over this checkpoint's samples


# --------------------------------------------------------------------------- missing sources fail at once

LOCAL = ["runs/sft_tiny", "runs/x/checkpoint-2", "./m", "../m", "/abs/m", "~/m", "a/b/c", "C:\\m", "."]
HUB = ["gpt2", "Qwen/Qwen2.5-0.5B", "nosuch/model", "org/name-with.dots"]


@pytest.mark.parametrize("source", LOCAL)
def test_names_local_path(source: str) -> None:
    from evalkit.sources import names_local_path

    assert names_local_path(source)


@pytest.mark.parametrize("source", HUB)
def test_hub_ids_are_not_local_paths(source: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from evalkit.sources import names_local_path

    monkeypatch.chdir(tmp_path)
    assert not names_local_path(source)
    if "/" in source:  # a parent folder that exists here makes it a path
        (tmp_path / source.split("/")[0]).mkdir()
        assert names_local_path(source)


def test_missing_run_folder_names_the_command_that_creates_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError) as info:
        discover_checkpoints("runs/sft_tiny")
    message = str(info.value)
    assert message.startswith("runs/sft_tiny does not exist (it names a local path")
    assert "rewardkit train sft --config runners/configs/sft_tiny.yaml creates it" in message
    with pytest.raises(ValueError, match=r"rewardkit train ALGO --config FILE.yaml output_dir=runs/mine"):
        discover_checkpoints("runs/mine")
    (tmp_path / "models").mkdir()
    with pytest.raises(ValueError, match="models/x does not exist"):
        discover_checkpoints("models/x")


def test_eval_of_a_missing_model_fails_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("transformers", reason="needs transformers: pip install -e '.[eval]'")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "runs").mkdir()
    rc, out, err = _eval(Path("runs/sft_tiny"), tmp_path / "o")
    assert rc == 2 and "rewardkit train sft --config runners/configs/sft_tiny.yaml creates it" in err
    # a hub id that is not cached, offline: one try, a message that says so, and no "for: none"
    rc, out, err = _eval(Path("nosuch/model"), tmp_path / "o")
    assert rc == 2, err
    assert "nosuch/model is not a local folder, and as a hub id it is not in the local cache" in err
    assert "for: none" not in out and "nothing evaluated: every checkpoint failed" in out


# --------------------------------------------------------------------------- a data file of another shape

MATH500_SHAPED = REPO / "fixtures" / "eval" / "math500_shaped.jsonl"


def test_data_file_of_another_dataset_stops_early_and_names_the_preset(tmp_path: Path) -> None:
    pytest.importorskip("transformers", reason="needs transformers: pip install -e '.[eval]'")
    argv = ["eval", "--model", "unused", "--data-file", str(MATH500_SHAPED), "--output-dir", str(tmp_path)]
    rc, _, err = _run(argv)
    assert rc == 2
    assert [f"{MATH500_SHAPED}:{n}: missing field 'question'" in err for n in (1, 2, 3, 4)] == [
        True,
        True,
        True,
        False,
    ]
    assert "fields present: problem, solution, answer, subject, level, unique_id" in err
    assert "These look like math500 problems: pass --dataset math500" in err
    assert not (tmp_path / "unused").exists()


def test_wrong_shape_suggests_the_preset_or_the_key_flags(tmp_path: Path) -> None:
    from evalkit.model_eval import ModelEvalOptions, load_problems

    seen: list[Any] = []
    problems = load_problems(
        ModelEvalOptions(model="m", output_dir="o", data_file=str(MATH500_SHAPED), dataset="math500"),
        seen.append,
    )
    assert [p.id for p in problems][:1] == ["test/counting_and_probability/1.json"] and not seen
    other = tmp_path / "other.jsonl"
    other.write_text('{"prompt": "1+1?", "target": "2"}\n' * 5, encoding="utf-8")
    with pytest.raises(OSError, match="Name the fields: --question-key prompt --answer-key target"):
        load_problems(ModelEvalOptions(model="m", output_dir="o", data_file=str(other)), seen.append)
    assert len(seen) == 3
    # a file whose good lines come first keeps reporting bad lines one by one: it has the right shape
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text('{"question": "q", "answer": "1"}\n' + '{"q": "x"}\n' * 4, encoding="utf-8")
    seen.clear()
    assert (
        len(load_problems(ModelEvalOptions(model="m", output_dir="o", data_file=str(mixed)), seen.append))
        == 1
    )
    assert len(seen) == 4


# --------------------------------------------------------------------------- provenance


def test_eval_resume_refuses_records_of_another_model(tiny: Path, tmp_path: Path) -> None:
    from tiny_model import tiny_model

    from evalkit.model_eval import ModelEvalOptions, run_model_eval

    model = tmp_path / "model"
    shutil.copytree(tiny, model)
    out_dir = tmp_path / "out"
    rc, _, err = _eval(model, out_dir, "--limit", "2")
    assert rc == 0, err
    folder = out_dir / "model"
    manifest = json.loads((folder / "manifest.json").read_text())
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["provenance"] == manifest
    assert manifest["rewardkit"] and len(manifest["model"]["sha256"]) == 64
    assert manifest["generation"]["max_new_tokens"] == 8

    # the same files elsewhere are the same model: resumed, nothing generated
    moved = tmp_path / "moved" / "model"
    shutil.copytree(model, moved)
    rc, _, err = _eval(moved, out_dir, "--limit", "2")
    assert rc == 0 and "resuming: 2 of 2 samples" in err and "loaded" not in err

    # other weights under the same name (the prompt is the same): refused, naming what changed and the flag
    shutil.rmtree(model)
    tiny_model(model, seed=1)
    before = (folder / "records.jsonl").read_text()
    rc, out, err = _eval(model, out_dir, "--limit", "2")
    assert rc == 2
    assert "holds 2 records made from other inputs (model.sha256 '" in err
    assert "rerun with --fresh to discard them, or use another --output-dir" in err
    assert (folder / "records.jsonl").read_text() == before and "nothing evaluated" in out
    rc, _, err = _eval(moved, out_dir, "--limit", "2", "--max-new-tokens", "6")
    assert rc == 2 and "generation.max_new_tokens 8 -> 6" in err

    # --fresh starts the folder clean
    opts = ModelEvalOptions(
        model=str(model),
        output_dir=str(out_dir),
        data_file=str(PROBLEMS),
        limit=2,
        max_new_tokens=8,
        fresh=True,
    )
    assert run_model_eval(opts, out=io.StringIO(), err=io.StringIO()) == 0
    assert (
        json.loads((folder / "manifest.json").read_text())["model"]["sha256"] != manifest["model"]["sha256"]
    )
    assert (folder / "records.jsonl").read_text() != before and len(_records(folder)) == 2
