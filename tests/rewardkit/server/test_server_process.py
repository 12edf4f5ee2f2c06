"""``rewardkit serve`` as its users start it: a process on 127.0.0.1 with a free port, OpenRLHF-shaped and
native requests over real HTTP, and SIGTERM while a request is in flight (that request still completes)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from paths import REPO, TESTS

from rewardkit.cli import main

pytest.importorskip("uvicorn")

TOKEN = "process-test-token"
# accuracy pays; the weight-0 part only watches, and sleeps on a completion "sleep N" (a slow request)
SPEC = json.dumps({"accuracy": 1.0, "server_rewards:sleepy_reward": 0.0})


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _post(url: str, body: dict, token: str | None = TOKEN) -> tuple[int, dict]:
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.fixture
def server():
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(TESTS)]), "RK_TEST_TOKEN": TOKEN}
    argv = [
        sys.executable,
        "-m",
        "rewardkit",
        "serve",
        "--reward",
        SPEC,
        "--workers",
        "2",
        "--port",
        str(port),
    ]
    process = subprocess.Popen(
        [*argv, "--token-env", "RK_TEST_TOKEN"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"the server did not start:\n{process.communicate()[0]}")
            time.sleep(0.1)
    yield base, process
    if process.poll() is None:
        process.kill()
        process.wait()


def test_serves_openrlhf_and_native_requests_and_finishes_one_in_flight_on_sigterm(server):
    base, process = server
    status, out = _post(
        f"{base}/get_reward",
        {
            "query": ["Q: 6*7? The answer is 42.", "Q: 1+1? 3"],
            "prompts": ["Q: 6*7?", "Q: 1+1?"],
            "labels": ["42", "2"],
        },
    )
    assert status == 200
    assert out["rewards"] == [1.0, 0.0]
    assert out["scores"] == [1.0, 0.0]
    items = [{"completion": f"The answer is {i}.", "gold": i} for i in range(8)]  # enough for the pool
    status, out = _post(f"{base}/v1/grade", {"items": items})
    assert status == 200
    assert [r["verdict"] for r in out["results"]] == ["CORRECT"] * 8
    assert _post(f"{base}/v1/grade", {"items": items}, token="wrong")[0] == 401

    answered: dict[str, tuple[int, dict]] = {}
    slow = threading.Thread(
        target=lambda: answered.update(
            slow=_post(f"{base}/v1/score", {"completions": ["sleep 2"], "golds": ["1"]})
        )
    )
    slow.start()
    time.sleep(0.7)  # the request is being graded
    process.send_signal(signal.SIGTERM)
    slow.join(60)
    status, out = answered["slow"]
    assert status == 200
    assert out["rewards"] == [0.0]  # "sleep 2" is not 1; the watcher part slept and the answer still came
    assert out["components"]["sleepy_reward"] == [1.0]
    # uvicorn finishes the requests in flight, runs the app's shutdown, then ends by the signal it got
    assert process.wait(30) in (0, -signal.SIGTERM)
    log = process.stdout.read()
    assert "Application shutdown complete" in log, log
    assert log.index("Shutting down") < log.index('"POST /v1/score HTTP/1.1" 200'), log
    assert "sleep 2" not in log and "The answer is" not in log  # no model text in the log


def test_remote_reward_gets_its_rewards_from_the_real_server_under_both_contracts(server):
    """The client and the service were written against one contract: here they meet over real HTTP."""
    pytest.importorskip("httpx")
    import asyncio

    from rewardkit.errors import RemoteError
    from rewardkit.remote import RemoteReward

    base, _ = server
    completions = [f"So it is {k}.\nThe answer is {k}." for k in range(10)] + ["The answer is 3 or 4."]
    golds = [str(k if k % 3 else k + 1) for k in range(10)] + ["3"]
    expected = [0.0 if k % 3 == 0 else 1.0 for k in range(10)] + [0.0]
    prompts = ["Q?"] * len(completions)
    for url in (base, f"{base}/get_reward"):
        reward = RemoteReward(url, token=TOKEN, batch_size=4, concurrency=2)
        assert reward(prompts=prompts, completions=completions, answer=golds) == expected
        async_reward = reward.as_async()
        assert asyncio.run(async_reward(prompts=prompts, completions=completions, answer=golds)) == expected
    with pytest.raises(RemoteError, match="401"):
        RemoteReward(base, token="wrong", retries=0)(prompts=["Q?"], completions=["1"], answer=["1"])


@pytest.mark.parametrize("missing", ["uvicorn", "starlette"])
def test_without_the_extra_it_says_what_to_install(missing, capsys, monkeypatch):
    monkeypatch.delitem(sys.modules, "rewardkit.server.app", raising=False)
    for name in [missing, *(m for m in sys.modules if m.startswith(f"{missing}."))]:
        monkeypatch.setitem(sys.modules, name, None)  # what an environment without it sees
    assert main(["serve"]) == 2
    assert f"({missing} is missing): pip install 'rewardkit[serve]'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--host", "0.0.0.0"], "needs a bearer token"),
        (["--token-env", "RK_UNSET_TOKEN_VARIABLE"], "RK_UNSET_TOKEN_VARIABLE is not set"),
        (["--token-file", "/nonexistent/token"], "--token-file /nonexistent/token: cannot read it"),
        (["--reward", "nonsense"], "unknown reward 'nonsense'"),
    ],
)
def test_unsafe_or_broken_settings_exit_2_before_listening(argv, message, capsys, monkeypatch):
    monkeypatch.delenv("RK_UNSET_TOKEN_VARIABLE", raising=False)
    assert main(["serve", *argv]) == 2
    assert message in capsys.readouterr().err


def test_an_empty_token_file_is_refused(tmp_path, capsys):
    token = tmp_path / "token"
    token.write_text("\n")
    assert main(["serve", "--token-file", str(token)]) == 2
    assert f"the token in the first line of {token} is empty" in capsys.readouterr().err


def test_help_loads_none_of_the_extra():
    code = (
        "import sys, contextlib, io\n"
        "from rewardkit.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['serve', '--help'])\n"
        "extra = ('starlette', 'uvicorn', 'httpx', 'anyio')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in extra))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "[]"
