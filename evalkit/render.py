"""A built report rendered: rich tables on a terminal, deterministic Markdown, or one self-contained HTML
file (inline CSS, plots embedded as PNG data URIs); and the one-call API that builds and writes it.
"""

from __future__ import annotations

import base64
import html
import os
import re
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING

from evalkit.report import build_report
from evalkit.report_document import (
    MARK_CLOSE,
    MARK_OPEN,
    Bullets,
    Example,
    Heading,
    Para,
    Plot,
    Report,
    Table,
)
from rewardkit.files import atomic_write

if TYPE_CHECKING:
    pass

__all__ = ["FORMATS", "print_report", "render_html", "render_markdown", "write_report"]


FORMATS = ("term", "md", "html")


_SUFFIX = {"md": ".md", "html": ".html"}


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(report: Report) -> str:
    out = [f"# {report.title}", ""]
    for block in report.blocks:
        if isinstance(block, Heading):
            out += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Para):
            out += [block.text, ""]
        elif isinstance(block, Bullets):
            out += [f"- {item}" for item in block.items] + [""]
        elif isinstance(block, Table):
            out.append("| " + " | ".join(_md_cell(h) for h in block.headers) + " |")
            out.append(
                "|" + "|".join("---:" if i in block.right else "---" for i in range(len(block.headers))) + "|"
            )
            out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in block.rows]
            out.append("")
        elif isinstance(block, Example):
            out.append(f"**{block.title}** — " + "; ".join(f"{k}: `{_md_code(v)}`" for k, v in block.facts))
            out.append("")
            if block.question:
                out += [f"> {block.question}", ""]
            text = _marked(block.tail, block.span)
            fence = "````" if "```" in text else "```"
            out += [fence + "text", ("…" if block.cut else "") + text.rstrip(), fence, ""]
        elif isinstance(block, Plot):
            continue  # images are in the HTML report
    return "\n".join(out).rstrip() + "\n"


def _md_code(text: str) -> str:
    return text.replace("`", "'")


def _marked(text: str, span: tuple[int, int] | None) -> str:
    if span is None:
        return text
    a, b = span
    return text[:a] + MARK_OPEN + text[a:b] + MARK_CLOSE + text[b:]


_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:72rem;
padding:0 1rem;color:#222;line-height:1.45}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ddd}h3{font-size:1.05rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}th{background:#f3f3f3}
td.r{text-align:right;font-variant-numeric:tabular-nums}
code{background:#f3f3f3;padding:0 .2rem;border-radius:3px}
pre{background:#f7f7f7;border:1px solid #ddd;padding:.6rem;white-space:pre-wrap;word-break:break-word}
mark{background:#ffe066;font-weight:bold}
.example{margin:.8rem 0 1.2rem}.facts{font-size:.9rem}.q{color:#555;font-style:italic}
figure{margin:1rem 0}figure img{max-width:100%;height:auto}figcaption{font-size:.85rem;color:#555}
"""


def _inline(text: str) -> str:
    """Escape ``text`` and turn its `code` spans into <code>."""
    parts = re.split(r"`([^`]*)`", text)
    return "".join(f"<code>{html.escape(p)}</code>" if i % 2 else html.escape(p) for i, p in enumerate(parts))


def render_html(report: Report) -> str:
    esc = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(report.title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{esc(report.title)}</h1>",
    ]
    for block in report.blocks:
        if isinstance(block, Heading):
            out.append(f"<h{block.level}>{esc(block.text)}</h{block.level}>")
        elif isinstance(block, Para):
            out.append(f"<p>{_inline(block.text)}</p>")
        elif isinstance(block, Bullets):
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in block.items) + "</ul>")
        elif isinstance(block, Table):
            head = "".join(f"<th>{esc(h)}</th>" for h in block.headers)
            body = "".join(
                "<tr>"
                + "".join(
                    f'<td class="r">{esc(c)}</td>' if i in block.right else f"<td>{esc(c)}</td>"
                    for i, c in enumerate(row)
                )
                + "</tr>"
                for row in block.rows
            )
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        elif isinstance(block, Example):
            facts = "; ".join(f"{esc(k)}: <code>{esc(v)}</code>" for k, v in block.facts)
            tail = block.tail
            if block.span is not None:
                a, b = block.span
                shown = esc(tail[:a]) + "<mark>" + esc(tail[a:b]) + "</mark>" + esc(tail[b:])
            else:
                shown = esc(tail)
            question = f'<p class="q">{esc(block.question)}</p>' if block.question else ""
            out.append(
                f'<div class="example"><p><strong>{esc(block.title)}</strong></p><p class="facts">{facts}</p>'
                f"{question}<pre>{'…' if block.cut else ''}{shown}</pre></div>"
            )
        elif isinstance(block, Plot):
            data = base64.b64encode(block.png).decode("ascii")
            out.append(
                f'<figure><img alt="{esc(block.title)}" src="data:image/png;base64,{data}">'
                f"<figcaption>{esc(block.title)}</figcaption></figure>"
            )
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def render_terminal(report: Report, file: IO[str] | None = None) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    console = Console(file=file if file is not None else sys.stdout, highlight=False)
    if not console.is_terminal:  # rich assumes 80 columns when piped; the tables need more
        console.width = max(console.width, 120)
    console.print(Text(report.title, style="bold underline"))
    for block in report.blocks:
        if isinstance(block, Heading):
            console.print()
            console.print(Text(block.text, style="bold" if block.level > 2 else "bold cyan"))
        elif isinstance(block, Para):
            console.print(block.text, markup=False)
        elif isinstance(block, Bullets):
            for item in block.items:
                console.print(Text("• " + item))
        elif isinstance(block, Table):
            table = RichTable()
            for i, h in enumerate(block.headers):
                table.add_column(h, justify="right" if i in block.right else "left")
            for row in block.rows:
                table.add_row(*[Text(c) for c in row])
            console.print(table)
        elif isinstance(block, Example):
            console.print(Text(block.title, style="bold"))
            console.print(Text("; ".join(f"{k}: {v}" for k, v in block.facts), style="dim"))
            if block.question:
                console.print(Text("Q: " + block.question, style="italic"))
            body = Text("…" if block.cut else "")
            if block.span is not None:
                a, b = block.span
                body.append(block.tail[:a])
                body.append(block.tail[a:b], style="reverse bold")
                body.append(block.tail[b:])
            else:
                body.append(block.tail)
            console.print(body)
            console.print()


def default_output(run_dir: str | os.PathLike[str], fmt: str) -> Path:
    root = Path(run_dir)
    folder = root if root.is_dir() else root.parent
    return folder / f"report{_SUFFIX[fmt]}"


def render(report: Report, fmt: str) -> str:
    if fmt == "md":
        return render_markdown(report)
    if fmt == "html":
        return render_html(report)
    raise ValueError(f"fmt must be 'html' or 'md', got {fmt!r}")


def write_report(
    run_dir: str | os.PathLike[str],
    *,
    fmt: str = "html",
    output: str | os.PathLike[str] | None = None,
    examples: int = 3,
    seed: int = 0,
) -> Path:
    """Write the report of ``run_dir`` as HTML or Markdown (atomically) and return the path written.

    The default output is ``RUN_DIR/report.html`` (or ``report.md``). Raises FileNotFoundError when there
    are no records under ``run_dir``, ValueError for an unknown ``fmt``.
    """
    if fmt not in _SUFFIX:
        raise ValueError(f"fmt must be 'html' or 'md', got {fmt!r}")
    report = build_report(run_dir, examples=examples, seed=seed, plots=fmt == "html")
    path = Path(output) if output is not None else default_output(run_dir, fmt)
    atomic_write(path, render(report, fmt))
    return path


def print_report(
    run_dir: str | os.PathLike[str], *, file: IO[str] | None = None, examples: int = 3, seed: int = 0
) -> Report:
    """Print the report of ``run_dir`` as rich tables (to stdout, or ``file``); returns the report."""
    report = build_report(run_dir, examples=examples, seed=seed)
    render_terminal(report, file)
    return report
