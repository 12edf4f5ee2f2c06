"""Reports: the golden Markdown of the fixture run, the self-contained HTML with its embedded plots, the
terminal tables, the Python API the demo calls, and ``rewardkit report`` end to end.

Update the golden file after an intended change with
``REWARDKIT_UPDATE_GOLDEN=1 pytest tests/evalkit/test_report.py`` and review the diff.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from paths import REPO

pytest.importorskip("pandas")
pytest.importorskip("matplotlib")


from evalkit.render import default_output, print_report, render_markdown, write_report
from evalkit.report import build_report
from rewardkit.cli import main

FIXTURES = REPO / "fixtures" / "report"
RUN = FIXTURES / "run"
GOLDEN = FIXTURES / "report.md"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_markdown_matches_the_golden_file():
    text = render_markdown(build_report(RUN, examples=2, seed=0))
    if os.environ.get("REWARDKIT_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_markdown_is_deterministic_and_carries_no_paths_or_timings():
    first = render_markdown(build_report(RUN, examples=2, seed=0))
    assert render_markdown(build_report(RUN, examples=2, seed=0)) == first
    assert str(REPO) not in first and "elapsed" not in first
    # every category of the last checkpoint has its examples, the extracted span marked
    headings = [
        "### reasoning error (4)",
        "### extraction failure (2)",
        "### format error (1 under the strict policy)",
        "### truncated (1)",
        "### ambiguous (hedging) (1)",
        "### data problem (1)",
        "### grader problem (1)",
    ]
    for heading in headings:
        assert heading in first
    assert "#### ⟦50⟧" in first


def test_examples_follow_the_seed_and_count():
    from evalkit.analysis import load_records, sample_examples

    none = render_markdown(build_report(RUN, examples=0, seed=0))
    assert "## Examples" not in none
    df = load_records(RUN / "eval" / "checkpoint-10")

    def drawn(seed: int) -> list:
        return [r["id"] for r in sample_examples(df, 1, seed)["reasoning_error"]]

    assert drawn(0) == drawn(0)
    assert len({tuple(drawn(s)) for s in range(8)}) > 1  # 4 reasoning errors, 1 drawn: seeds differ
    assert len(sample_examples(df, 10, 0)["reasoning_error"]) == 4


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in ("meta", "img", "br", "link"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (
            f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        )
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def html_report(tmp_path_factory) -> Path:
    """The HTML report of a copy of the fixture run, written once (11 plots take a few seconds)."""
    run = tmp_path_factory.mktemp("html") / "run"
    shutil.copytree(RUN, run)
    return write_report(run)  # the defaults the demo relies on: HTML, RUN_DIR/report.html


def test_html_is_self_contained_and_embeds_its_plots(html_report):
    assert html_report == html_report.parent / "report.html" == default_output(html_report.parent, "html")
    assert [p.name for p in html_report.parent.iterdir() if p.name.startswith(".")] == []  # no temporary file
    text = html_report.read_text(encoding="utf-8")
    parser = _Collect()
    parser.feed(text)
    parser.close()
    assert parser.stack == []  # every element closed, in order
    images = [attrs for tag, attrs in parser.tags if tag == "img"]
    # accuracy, stacked breakdown, level, subject, calculations, 6 training-curve panels
    assert len(images) == 11
    for attrs in images:
        src = attrs["src"] or ""
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1]).startswith(PNG_MAGIC)
        assert attrs.get("alt")
    assert not [t for t, a in parser.tags if t in ("script", "link")]
    assert "http://" not in text and "https://" not in text
    body = "".join(parser.text)
    assert "Error breakdown: checkpoint-10" in body and "Grader suspects (1)" in body
    assert "<mark>50</mark>" in text


def test_write_report_defaults_and_atomicity(tmp_path):
    run = tmp_path / "run"
    shutil.copytree(RUN, run)
    md = write_report(run, fmt="md")
    assert md == run / "report.md" and md.read_text(encoding="utf-8").startswith("# rewardkit report: run")
    assert sorted(p.name for p in run.iterdir() if p.name.startswith(".")) == []  # no temporary files left
    with pytest.raises(ValueError, match="fmt"):
        write_report(run, fmt="pdf")
    with pytest.raises(FileNotFoundError):
        write_report(tmp_path / "nothing-here")


def test_print_report_writes_tables():
    out = io.StringIO()
    print_report(RUN, file=out, examples=1)
    text = out.getvalue()
    assert "Accuracy per checkpoint" in text and "checkpoint-10" in text
    assert "grader problem" in text and "What to do next" in text


def test_single_eval_folder_without_training_logs(tmp_path):
    folder = tmp_path / "eval-only"
    shutil.copytree(RUN / "eval" / "checkpoint-5", folder)
    text = render_markdown(build_report(folder))
    assert "# rewardkit report: eval-only" in text and "eval-only" in text
    assert "What moved" not in text and "Training curves" not in text


def test_cli_report_formats(tmp_path, capsys):
    out = tmp_path / "out.md"
    assert main(["report", str(RUN), "--format", "md", "-o", str(out), "--examples", "2"]) == 0
    assert out.read_text(encoding="utf-8") == GOLDEN.read_text(encoding="utf-8")
    assert f"wrote {out}" in capsys.readouterr().out
    assert main(["report", str(RUN), "--format", "md", "-o", "-", "--examples", "2"]) == 0
    assert capsys.readouterr().out == GOLDEN.read_text(encoding="utf-8")
    assert main(["report", str(RUN)]) == 0
    assert "Error breakdown: checkpoint-10" in capsys.readouterr().out


def test_cli_report_errors(tmp_path, capsys):
    assert main(["report", str(tmp_path / "missing")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert main(["report", str(tmp_path)]) == 2
    assert "no records.jsonl" in capsys.readouterr().err
    assert main(["report", str(RUN), "-o", str(tmp_path / "x.txt")]) == 2  # term goes to the terminal
    assert main(["report", str(RUN), "--examples", "-1"]) == 2
    # a malformed line: named by file, line and field; the rest is still reported, exit status 2
    folder = tmp_path / "bad"
    folder.mkdir()
    lines = (RUN / "eval" / "checkpoint-10" / "records.jsonl").read_text(encoding="utf-8").splitlines()
    lines.insert(2, '{"id": "z", "sample_index": 0, "verdict": 3}')
    (folder / "records.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["report", str(folder), "--format", "md"]) == 2
    captured = capsys.readouterr()
    assert "records.jsonl:3: field 'verdict' must be a string" in captured.err
    assert (folder / "report.md").is_file()
    assert "## Skipped input (1)" in (folder / "report.md").read_text(encoding="utf-8")
    assert str(folder) not in (folder / "report.md").read_text(encoding="utf-8")


def _chromium() -> str | None:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found or not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("apt-get") is None:
        return found
    try:  # the Debian package; only when it installs quickly (a CI image without it, as root)
        subprocess.run(
            ["apt-get", "install", "-y", "--no-install-recommends", "chromium"],
            check=True,
            capture_output=True,
            timeout=300,
            env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return shutil.which("chromium")


@pytest.mark.slow
def test_html_renders_in_headless_chromium_without_console_errors(tmp_path):
    browser = _chromium()
    if browser is None:
        pytest.skip("no chromium here, and it could not be installed (needs root and the Debian package)")
    page = tmp_path / "report.html"
    assert main(["report", str(RUN), "--format", "html", "-o", str(page)]) == 0
    proc = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--virtual-time-budget=5000",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Error breakdown: checkpoint-10" in proc.stdout
    assert proc.stdout.count("data:image/png;base64,") == 11
    console = [line for line in proc.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == [], console


def _records(folder: Path, verdicts: list[str], **fields) -> None:
    folder.mkdir(parents=True)
    lines = [
        json.dumps({"id": f"p{i}", "sample_index": 0, "verdict": v, **fields}) for i, v in enumerate(verdicts)
    ]
    (folder / "records.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _all_formats(run: Path) -> dict[str, str]:
    out = io.StringIO()
    print_report(run, file=out, examples=0)
    html_text = Path(write_report(run, fmt="html", output=run / "r.html", examples=0)).read_text("utf-8")
    return {"md": render_markdown(build_report(run, examples=0)), "html": html_text, "term": out.getvalue()}


def test_movement_is_shown_under_both_policies_and_said_to_be_within_the_noise():
    text = GOLDEN.read_text(encoding="utf-8")
    moved = text.split("## What moved: ", 1)[1].split("\n## ", 1)[0]
    # a drift that only the strict policy sees (flexible has no format error at either checkpoint)
    assert "| format error | strict | 30.8% | 7.1% | -23.6 | within the 95% intervals |" in moved
    assert "| format error | flexible | 0.0% | 0.0% | +0.0 | within the 95% intervals |" in moved
    assert "format error (strict) -23.6 (within the 95% intervals)" in moved
    assert "strict 8.3% → 23.1% (+14.7 points, within the 95% intervals)" in moved
    assert "a change: the 95% intervals do not overlap" not in moved


def test_a_change_beyond_the_intervals_is_stated_as_a_change_in_every_format(tmp_path):
    run = tmp_path / "run"
    _records(run / "checkpoint-1", ["CORRECT"] * 20 + ["NO_ANSWER"] * 80)
    _records(run / "checkpoint-2", ["CORRECT"] * 80 + ["NO_ANSWER"] * 20)
    for fmt, text in _all_formats(run).items():
        flat = " ".join(html.unescape(text).split())
        assert (
            "extraction failure (both policies) -60.0 (a change: the 95% intervals do not overlap)" in flat
        ), fmt
        assert "strict 20.0% → 80.0% (+60.0 points, a change: the 95% intervals do not overlap)" in flat, fmt
        assert "cannot tell the two apart" not in flat, fmt


def test_a_change_inside_the_intervals_is_flagged_in_every_format(tmp_path):
    run = tmp_path / "run"
    _records(run / "checkpoint-1", ["CORRECT"] * 45 + ["WRONG"] * 55)
    _records(run / "checkpoint-2", ["CORRECT"] * 55 + ["WRONG"] * 45)
    for fmt, text in _all_formats(run).items():
        flat = " ".join(html.unescape(text).split())
        assert "reasoning error (both policies) -10.0 (within the 95% intervals)" in flat, fmt
        assert "flexible 45.0% → 55.0% (+10.0 points, within the 95% intervals)" in flat, fmt
        assert "the data cannot tell the two apart" in flat, fmt
        assert "a change: the 95% intervals do not overlap" not in flat, fmt


def test_models_are_compared_in_natural_order_not_drawn_over_a_step_axis(tmp_path):
    from evalkit import analysis as an
    from evalkit.plots import accuracy_figure

    for name, k in (("175b", 9), ("6b", 3), ("13b", 5)):
        _records(tmp_path / name, ["CORRECT"] * k + ["WRONG"] * (10 - k))
    text = render_markdown(build_report(tmp_path, examples=0))
    assert "`6b`, `13b`, `175b`" in text and "## Folders compared" in text and "What moved" not in text
    assert "| category | policy | 6b | 13b | 175b |" in text
    ax = accuracy_figure(an.accuracy_by_checkpoint(an.load_records(tmp_path))).axes[0]
    assert ax.get_xlabel() != "step" and [t.get_text() for t in ax.get_xticklabels()] == ["6b", "13b", "175b"]
    assert [
        line for line in ax.get_lines() if line.get_linestyle() not in ("None", "")
    ] == []  # no trajectory
    assert len(ax.patches) == 6  # a strict and a flexible bar per model

    run = tmp_path / "run"
    for name, k in (("checkpoint-100", 9), ("checkpoint-20", 5)):
        _records(run / name, ["CORRECT"] * k + ["WRONG"] * (10 - k))
    ax = accuracy_figure(an.accuracy_by_checkpoint(an.load_records(run))).axes[0]
    assert ax.get_xlabel() == "step" and [t.get_text() for t in ax.get_xticklabels()] == ["20", "100"]
    drawn = [line for line in ax.get_lines() if line.get_linestyle() not in ("None", "")]
    assert [list(line.get_xdata()) for line in drawn] == [[20.0, 100.0], [20.0, 100.0]]


def test_an_all_zero_series_gets_a_statement_not_an_empty_figure(tmp_path):
    run = tmp_path / "run"
    for name in ("checkpoint-1", "checkpoint-2"):
        _records(run / name, ["WRONG", "NO_ANSWER", "WRONG"], level=1)
    page = write_report(run, examples=0)
    text = html.unescape(page.read_text(encoding="utf-8"))
    assert (
        "Accuracy per checkpoint: strict and flexible are 0 (or missing) at every checkpoint; no plot."
        in text
    )
    assert "Accuracy by level: strict and flexible are 0 (or missing) in every level group; no plot." in text
    assert 'alt="Accuracy per checkpoint"' not in text and 'alt="Accuracy by level"' not in text
    assert text.count("data:image/png;base64,") == 1  # the error breakdown, which has something to show


def test_one_flat_series_is_left_out_of_a_figure_that_has_another(tmp_path):
    from evalkit.report import _plot_blocks
    from evalkit.report_document import Para, Plot

    drawn = []
    blocks = _plot_blocks(
        "Accuracy by level",
        {"strict": [0.0, None], "flexible": [0.5, 0.0]},
        "in every level group",
        drawn.append,
    )
    assert drawn == [{"flexible": [0.5, 0.0]}]
    assert isinstance(blocks[0], Plot)
    assert (
        isinstance(blocks[1], Para)
        and blocks[1].text == "Accuracy by level: strict is 0 (or missing) in every level group."
    )
