"""The exception tree. Model output never raises (it becomes a verdict); these are for callers' mistakes.

::

    RewardkitError                      base of everything rewardkit raises on purpose
    ├── DataError(ValueError)           bad input data: names the file, line and field
    ├── ConfigError(ValueError)         an invalid option or reward spec
    │   └── CodeNotAllowedError         a spec read from a file names code, and running it was not allowed
    ├── MathParseError(ValueError)      rewardkit.latex: text that is not (entirely) a math expression
    └── RemoteError(RuntimeError)       rewardkit.remote: a reward server refused or failed a request; names
                                        the URL, the HTTP status (None: no answer) and the server's message

Grading never lets these escape for model output: they become verdicts. Outside the tree, on purpose:
``rewardkit.sandbox.DeadlineExceeded`` (a ``TimeoutError``) and ``WorkerFailed`` (a ``RuntimeError``),
and ``rewardkit.tree_values.NotEvaluable`` / ``TooLarge`` (``ValueError``), which stay inside the ladder.

>>> err = DataError("not valid JSON", path="in.jsonl", line=3)
>>> str(err)
'in.jsonl:3: not valid JSON'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations


class RewardkitError(Exception):
    """Base class of the errors rewardkit raises on purpose."""


class DataError(RewardkitError, ValueError):
    """Input data that cannot be used; the message names where (file, line, field)."""

    def __init__(
        self, message: str, *, path: str | None = None, line: int | None = None, field: str | None = None
    ) -> None:
        self.message, self.path, self.line, self.field = message, path, line, field
        where = ":".join(str(p) for p in (path, line) if p is not None)
        super().__init__(f"{where}: {message}" if where else message)


class ConfigError(RewardkitError, ValueError):
    """An option or spec that rewardkit cannot act on.

    ``keys``: where inside the spec the problem is (``("sum", "acuracy")``), filled in as the error passes
    up through the spec's levels, so that whoever read the spec from a file can name the line."""

    keys: tuple[str, ...] = ()


class CodeNotAllowedError(ConfigError):
    """A reward spec names ``module:callable`` code outside rewardkit, and its reader did not allow code.

    A spec read from a file is data that may have come from anywhere; importing a module runs it, so such a
    spec names code only where the user opted in (the file's reader says how)."""


class RemoteError(RewardkitError, RuntimeError):
    """A reward server that refused a request, answered something unusable, or could not be reached.

    ``url``: the endpoint; ``status``: the last HTTP status, None when no answer came (refused connection,
    timeout); ``message``: what the server said, when it said anything.

    >>> str(RemoteError("refused the token", url="http://127.0.0.1:8000/v1/score", status=401))
    'http://127.0.0.1:8000/v1/score: HTTP 401: refused the token'
    """

    def __init__(self, message: str, *, url: str, status: int | None = None) -> None:
        self.message, self.url, self.status = message, url, status
        where = f"{url}: HTTP {status}" if status is not None else url
        super().__init__(f"{where}: {message}")


class TrainingDiverged(RewardkitError, RuntimeError):
    """A training step whose loss or gradient norm was NaN or infinite: the weights it wrote are not numbers,
    so the run stopped there and saved nothing after it (earlier checkpoints stay)."""
