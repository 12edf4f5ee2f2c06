"""Reports: the golden Markdown of the fixture run, the self-contained HTML with its embedded plots, the
terminal tables, the Python API the demo calls, and ``rewardkit report`` end to end.

Update the golden file after an intended change with
``REWARDKIT_UPDATE_GOLDEN=1 pytest tests/evalkit/test_report.py`` and review the diff.
"""

from __future__ import annotations

import base64
import io
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from paths import REPO

pytest.importorskip("pandas")
pytest.importorskip("matplotlib")


from evalkit.report import build_report, default_output, print_report, render_markdown, write_report
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
