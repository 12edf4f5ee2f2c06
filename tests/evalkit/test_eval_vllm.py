"""``rewardkit eval --backend vllm``: the vLLM backend writes the same records as the transformers one.

vLLM needs a GPU, so the plumbing is tested against a stand-in ``vllm`` package that records what it was
asked (token ids, sampling parameters, LoRA requests) and answers deterministically; the real engine runs in
the ``gpu``-marked test at the end, on a machine that has one.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from paths import REPO

from rewardkit.cli import main

PROBLEMS = REPO / "fixtures" / "eval" / "problems.jsonl"


@dataclass
class FakeSamplingParams:
    n: int = 1
    max_tokens: int = 16
    temperature: float = 1.0
    top_p: float = 1.0
    seed: int | None = None
    skip_special_tokens: bool = True


@dataclass
class FakeCompletion:
    text: str
    token_ids: list[int]
    finish_reason: str | None


@dataclass
class FakeRequestOutput:
    outputs: list[FakeCompletion]


@dataclass
class FakeLLM:
    """Answers '#### 8' (stop) for even seeds and an unfinished sentence (length) for odd ones."""

    model: str
    options: dict[str, Any] = field(default_factory=dict)
    calls: list[tuple[list[Any], list[FakeSamplingParams], Any]] = field(default_factory=list)
    instances: Any = None

    def __post_init__(self) -> None:
        FakeLLM.created.append(self)

    def generate(self, prompts: list[Any], params: list[FakeSamplingParams], **kw: Any) -> list[Any]:
        assert kw["use_tqdm"] is False
        self.calls.append((prompts, params, kw.get("lora_request")))
        out = []
        for p in params:
            if (p.seed or 0) % 2 == 0:
                out.append(FakeRequestOutput([FakeCompletion("So 5+3 = 8.\n#### 8", [1, 2, 3], "stop")]))
            else:
                out.append(FakeRequestOutput([FakeCompletion("Let me think", [4] * p.max_tokens, "length")]))
        return out


FakeLLM.created = []  # type: ignore[attr-defined]


def _llm_factory(model: str, **options: Any) -> FakeLLM:
    return FakeLLM(model, options)


@pytest.fixture
def fake_vllm(monkeypatch: pytest.MonkeyPatch) -> type[FakeLLM]:
    FakeLLM.created = []  # type: ignore[attr-defined]
    vllm = types.ModuleType("vllm")
    vllm.LLM = _llm_factory  # type: ignore[attr-defined]
    vllm.SamplingParams = FakeSamplingParams  # type: ignore[attr-defined]
    inputs = types.ModuleType("vllm.inputs")
    inputs.TokensPrompt = lambda prompt_token_ids: {"prompt_token_ids": prompt_token_ids}  # type: ignore[attr-defined]
    lora = types.ModuleType("vllm.lora")
    request = types.ModuleType("vllm.lora.request")
    request.LoRARequest = lambda name, id_, path: ("lora", name, id_, path)  # type: ignore[attr-defined]
    for name, module in {
        "vllm": vllm,
        "vllm.inputs": inputs,
        "vllm.lora": lora,
        "vllm.lora.request": request,
    }.items():
        monkeypatch.setitem(sys.modules, name, module)
    return FakeLLM


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()


def _records(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "records.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from tests.tiny_model import tiny_model

    folder = tmp_path_factory.mktemp("tiny") / "tiny-llama"
    tiny_model(folder)
    return folder


def _eval(model: Path, out_dir: Path, *extra: str) -> tuple[int, str, str]:
    argv = ["eval", "--model", str(model), "--data-file", str(PROBLEMS), "--output-dir", str(out_dir)]
    return _run([*argv, "--limit", "2", "--max-new-tokens", "6", *extra])


def test_token_ids_follow_the_transformers_bos_rule() -> None:
    from evalkit.vllm_backend import _token_ids

    class Tok:
        bos_token = "<s>"

        def __call__(self, text: str, *, add_special_tokens: bool) -> dict[str, list[int]]:
            return {"input_ids": ([0] if add_special_tokens else []) + [ord(c) for c in text]}

    assert _token_ids(Tok(), ["ab", "<s>ab"]) == [[0, 97, 98], [ord(c) for c in "<s>ab"]]


def test_vllm_backend_writes_the_transformers_records(fake_vllm: Any, tiny: Path, tmp_path: Path) -> None:
    rc, _, err = _eval(tiny, tmp_path / "v", "--backend", "vllm", "--n", "2", "--temperature", "0.7")
    assert rc == 0, err
    assert "with vllm" in err
    [llm] = fake_vllm.created
    assert llm.model == str(tiny) and llm.options == {"seed": 0}
    [(prompts, params, lora)] = llm.calls
    assert lora is None and len(prompts) == len(params) == 4
    # one request per (problem, sample), each with its own seed; the sampling settings passed through
    assert len({p.seed for p in params}) == 4
    assert {(p.n, p.max_tokens, p.temperature, p.top_p) for p in params} == {(1, 6, 0.7, 1.0)}

    records = _records(tmp_path / "v" / "tiny-llama")
    assert [(r["id"], r["sample_index"]) for r in records] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    by_reason = {r["finish_reason"]: r for r in records}
    assert by_reason["length"]["verdict"] == "TRUNCATED" and by_reason["length"]["token_count"] == 6
    assert by_reason["stop"]["extracted"] == "8" and by_reason["stop"]["token_count"] == 3
    summary = json.loads((tmp_path / "v" / "tiny-llama" / "summary.json").read_text())
    assert summary["generation"]["backend"] == "vllm" and summary["samples_per_problem"] == 2

    # the prompt text and its token ids are exactly what the transformers backend would have used
    from transformers import PreTrainedTokenizerFast

    tokenizer = PreTrainedTokenizerFast.from_pretrained(tiny)
    for record, request in zip(records[::2], prompts[::2], strict=True):
        assert request["prompt_token_ids"] == tokenizer(record["prompt"])["input_ids"]

    # the transformers backend over the same problems: same ids, prompts and fields
    rc, _, err = _eval(tiny, tmp_path / "t", "--n", "2", "--temperature", "0.7")
    assert rc == 0, err
    plain = _records(tmp_path / "t" / "tiny-llama")
    assert [(r["id"], r["sample_index"], r["prompt"]) for r in plain] == [
        (r["id"], r["sample_index"], r["prompt"]) for r in records
    ]
    assert [list(r) for r in plain] == [list(r) for r in records]


def test_vllm_backend_serves_a_lora_adapter_on_its_base(fake_vllm: Any, tiny: Path, tmp_path: Path) -> None:
    adapter = tmp_path / "adapter"
    adapter.mkdir()
    (adapter / "adapter_config.json").write_text(json.dumps({"base_model_name_or_path": str(tiny), "r": 4}))
    for name in ("tokenizer.json", "tokenizer_config.json"):
        if (tiny / name).exists():
            shutil.copy(tiny / name, adapter / name)
    rc, _, err = _eval(adapter, tmp_path / "out", "--backend", "vllm")
    assert rc == 0, err
    [llm] = fake_vllm.created
    assert llm.model == str(tiny) and llm.options["enable_lora"] is True and llm.options["max_lora_rank"] == 8
    [(_, _, lora)] = llm.calls
    assert lora == ("lora", "adapter", 1, str(adapter))


def test_vllm_backend_without_vllm_is_a_clear_error(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "vllm", None)  # import vllm raises ImportError
    rc, _, err = _eval(tiny, tmp_path / "x", "--backend", "vllm")
    assert rc == 2
    assert "--backend vllm needs the 'vllm' package" in err and "Traceback" not in err


@pytest.mark.gpu
def test_vllm_backend_on_a_gpu(tiny: Path, tmp_path: Path) -> None:
    pytest.importorskip("vllm")
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("needs a CUDA device")
    rc, _, err = _eval(tiny, tmp_path / "g", "--backend", "vllm", "--n", "2", "--temperature", "1.0")
    assert rc == 0, err
    records = _records(tmp_path / "g" / "tiny-llama")
    assert len(records) == 4 and all(r["finish_reason"] in {"stop", "length"} for r in records)
    assert all(r["token_count"] <= 6 for r in records)
