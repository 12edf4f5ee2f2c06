"""RemoteReward against a reward server on 127.0.0.1 that speaks both contracts (tests/http_reward_stub.py):
batching and order, retries and backoff, errors that name URL and status, the async path, pickling, and
TRL's calling convention."""

from __future__ import annotations

import asyncio
import gc
import inspect
import pickle
import random
import socket
import subprocess
import sys
import threading

import pytest

pytest.importorskip("httpx", reason="the client needs the [serve] extra")

from http_reward_stub import Reply, Sleep, StubRewardServer
from hypothesis import given
from hypothesis import strategies as st
from reward_helpers import Log

import rewardkit.remote as remote
from rewardkit.errors import ConfigError, RemoteError
from rewardkit.remote import AsyncRemoteReward, RemoteReward, parse_retry_after, retry_delay
from rewardkit.rewards import build

# completions whose grades differ, so that a reward in the wrong place shows
COMPLETIONS = [f"So the answer is {i}." for i in range(11)]
GOLDS = [str(i if i % 3 else i + 1) for i in range(11)]  # every third one is wrong
EXPECTED = [0.0 if i % 3 == 0 else 1.0 for i in range(11)]


@pytest.fixture
def server():
    with StubRewardServer() as stub:
        yield stub


@pytest.fixture
def waits(monkeypatch):
    """The waits between attempts, recorded instead of slept."""
    recorded: list[float] = []

    async def record(seconds):
        recorded.append(seconds)

    monkeypatch.setattr(remote, "_sleep", record)
    return recorded


def trl_call(reward, completions, answers, prompts=None):
    """Exactly the keywords GRPOTrainer passes (TRL 1.16 ``_calculate_rewards``)."""
    log = Log()
    values = reward(
        prompts=prompts if prompts is not None else ["Q: what is it?\n"] * len(completions),
        completions=completions,
        completion_ids=[[1, 2, 3]] * len(completions),
        answer=answers,
        trainer_state=object(),
        log_extra=log.column,
        log_metric=log.metric,
    )
    return values, log


# --- configuration -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "protocol", "endpoint", "speaks"),
    [
        ("http://127.0.0.1:8000", "auto", "http://127.0.0.1:8000/v1/score", "native"),
        ("http://127.0.0.1:8000/", "auto", "http://127.0.0.1:8000/v1/score", "native"),
        ("http://h:1/v1/score", "auto", "http://h:1/v1/score", "native"),
        ("https://h/rm/get_reward/", "auto", "https://h/rm/get_reward", "openrlhf"),
        ("http://h:1", "openrlhf", "http://h:1/get_reward", "openrlhf"),
        ("http://h:1/score_all", "openrlhf", "http://h:1/score_all", "openrlhf"),
        ("http://h:1/grade", "native", "http://h:1/grade", "native"),
    ],
)
def test_the_endpoint_and_protocol_come_from_the_url_or_the_argument(url, protocol, endpoint, speaks):
    reward = RemoteReward(url, protocol=protocol)
    assert (reward.url, reward.protocol) == (endpoint, speaks)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("http://h:1/score_all",), {}, "names no known endpoint"),
        (("ftp://h:1",), {}, "expected http://"),
        (("127.0.0.1:8000",), {}, "expected http://"),
        (("http://h:1",), {"protocol": "grpc"}, "protocol='grpc'"),
        (("http://h:1",), {"batch_size": 0}, "batch_size=0"),
        (("http://h:1",), {"concurrency": 1.5}, "concurrency=1.5"),
        (("http://h:1",), {"retries": -1}, "retries=-1"),
        (("http://h:1",), {"timeout_s": 0}, "timeout_s=0"),
        (("http://h:1",), {"max_backoff_s": float("nan")}, "max_backoff_s=nan"),
        (("http://h:1", ""), {}, "token"),
    ],
)
def test_bad_configuration_is_refused_by_name(args, kwargs, message):
    with pytest.raises(ConfigError, match=message):
        RemoteReward(*args, **kwargs)


def test_import_rewardkit_does_not_load_the_client_or_httpx():
    code = (
        "import sys, rewardkit, rewardkit.rewards; "
        "print(sorted({'httpx', 'rewardkit.remote'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_token_is_never_shown():
    reward = RemoteReward("http://h:1", token="s3cret-value")
    assert "s3cret" not in repr(reward) and "s3cret" not in repr(reward.as_async())
    assert "token=" in repr(reward)


# --- backoff -------------------------------------------------------------------------------------------


@given(
    attempt=st.integers(0, 200),
    base=st.floats(0, 10, allow_nan=False),
    cap=st.floats(0, 100, allow_nan=False),
    seed=st.integers(0, 2**32),
)
def test_backoff_is_jittered_in_the_upper_half_of_a_capped_exponential(attempt, base, cap, seed):
    delay = retry_delay(attempt, base_s=base, max_s=cap, rng=random.Random(seed))
    ceiling = min(cap, base * 2.0**attempt)
    assert ceiling / 2 <= delay <= ceiling <= cap


@given(retry_after=st.floats(-5, 1e6, allow_nan=False), cap=st.floats(0, 100, allow_nan=False))
def test_retry_after_is_honoured_up_to_the_cap(retry_after, cap):
    assert retry_delay(3, base_s=1.0, max_s=cap, retry_after_s=retry_after) == min(max(retry_after, 0.0), cap)


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("0", 0.0),
        (" 12 ", 12.0),
        ("1.5", 1.5),
        ("-3", 0.0),
        ("Thu, 01 Jan 1970 00:00:30 GMT", 30.0),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0.0),  # a date in the past: retry now
        ("in a while", None),
        ("inf", None),
        (None, None),
    ],
)
def test_retry_after_headers(header, seconds):
    assert parse_retry_after(header, now=0.0) == seconds


# --- the two contracts ---------------------------------------------------------------------------------


def test_native_rewards_equal_in_process_rewards_in_input_order(server):
    reward = RemoteReward(server.url, batch_size=3, concurrency=4)
    values = reward(prompts=None, completions=COMPLETIONS, answer=GOLDS)
    assert values == EXPECTED == build("accuracy")(completions=COMPLETIONS, answer=GOLDS)
    # 11 completions in batches of 3: 4 requests, each the next slice, none lost or sent twice
    sent = [body["completions"] for _, _, body in server.requests]
    assert sorted(len(s) for s in sent) == [2, 3, 3, 3]
    assert sorted(c for s in sent for c in s) == sorted(COMPLETIONS)
    assert all(path == "/v1/score" for path, _, _ in server.requests)


def test_results_stay_in_input_order_when_later_batches_answer_first(server):
    # the first batch answers last: the order of arrival is the reverse of the order of the inputs
    first = {c: i for i, c in enumerate(COMPLETIONS)}
    server.delay = lambda body: 0.05 * (len(COMPLETIONS) - first[body["completions"][0]])
    reward = RemoteReward(server.url, batch_size=2, concurrency=6)
    assert reward(completions=COMPLETIONS, answer=GOLDS) == EXPECTED
    assert server.max_in_flight > 1  # the batches really were in flight together


def test_concurrency_bounds_the_requests_in_flight(server):
    server.delay = lambda body: 0.02
    reward = RemoteReward(server.url, batch_size=1, concurrency=1)
    assert reward(completions=COMPLETIONS[:5], answer=GOLDS[:5]) == EXPECTED[:5]
    assert server.max_in_flight == 1 and len(server.requests) == 5


def test_openrlhf_contract_sends_prompt_plus_completion_as_the_query(server):
    reward = RemoteReward(f"{server.url}/get_reward", batch_size=4)
    prompts = [f"Question {i}: what is it?\n" for i in range(len(COMPLETIONS))]
    values = reward(prompts=prompts, completions=COMPLETIONS, answer=GOLDS)
    assert values == EXPECTED
    assert all(path == "/get_reward" for path, _, _ in server.requests) and len(server.requests) == 3
    # the batches arrive in any order: the first one is the one that starts with the first prompt
    body = next(body for _, _, body in server.requests if body["prompts"][0] == prompts[0])
    assert set(body) == {"query", "prompts", "labels"}
    assert body["query"][0] == prompts[0] + COMPLETIONS[0] and body["prompts"][0] == prompts[0]
    assert body["labels"] == GOLDS[:4]


def test_chat_completions_and_prompts_are_sent_as_text(server):
    completions = [[{"role": "assistant", "content": [{"type": "text", "text": "The answer is 7."}]}]]
    prompts = [[{"role": "system", "content": "Be brief."}, {"role": "user", "content": "3+4?"}]]
    reward = RemoteReward(server.url)
    assert reward(prompts=prompts, completions=completions, answer=[7]) == [1.0]
    body = server.requests[0][2]
    assert body == {"completions": ["The answer is 7."], "golds": [7], "prompts": ["Be brief.\n3+4?"]}


def test_a_completion_without_a_gold_is_none_and_not_sent(server):
    reward = RemoteReward(server.url)
    assert reward(completions=["#### 3", "#### 4"], answer=[None, "4"]) == [None, 1.0]
    assert server.requests[0][2]["completions"] == ["#### 4"]
    assert RemoteReward(server.url)(completions=["#### 3"], answer=[None]) == [None]
    assert len(server.requests) == 1  # nothing to send: no request


def test_a_null_reward_from_the_server_stays_none(server):
    reward = RemoteReward(server.url)
    assert reward(completions=["#### 3", "#### 3"], answer=["3", "\\frac{"]) == [1.0, None]


def test_the_gold_column_is_named_by_gold_key(server):
    reward = RemoteReward(server.url, gold_key="solution")
    assert reward(completions=["#### 3"], solution=["3"]) == [1.0]
    with pytest.raises(KeyError, match="'solution'"):
        reward(completions=["#### 3"], answer=["3"])


# --- retries and errors --------------------------------------------------------------------------------


def test_429_is_retried_after_the_servers_retry_after(server, waits):
    server.script = [Reply(429, {"Retry-After": "7"}, {"error": "queue full"})]
    reward = RemoteReward(server.url, backoff_s=0.5, max_backoff_s=30)
    assert reward(completions=COMPLETIONS[:2], answer=GOLDS[:2]) == EXPECTED[:2]
    assert waits == [7.0] and len(server.requests) == 2


def test_5xx_is_retried_with_growing_jittered_waits(server, waits):
    server.script = [Reply(503), Reply(502), Reply(500, body={"error": "boom"})]
    reward = RemoteReward(server.url, retries=3, backoff_s=0.5, max_backoff_s=30)
    assert reward(completions=COMPLETIONS[:2], answer=GOLDS[:2]) == EXPECTED[:2]
    assert len(waits) == 3 and len(server.requests) == 4
    for attempt, wait in enumerate(waits):
        assert 0.25 * 2**attempt <= wait <= 0.5 * 2**attempt


def test_a_server_that_keeps_failing_is_an_error_naming_url_status_and_message(server, waits):
    server.script = [Reply(500, body={"error": "grader crashed"})] * 3
    reward = RemoteReward(server.url, retries=2)
    with pytest.raises(RemoteError) as caught:
        reward(completions=["#### 1"], answer=["1"])
    err = caught.value
    assert (err.url, err.status) == (f"{server.url}/v1/score", 500)
    assert str(err) == f"{server.url}/v1/score: HTTP 500: gave up after 3 attempts: grader crashed"
    assert len(server.requests) == 3 and len(waits) == 2


@pytest.mark.parametrize(
    ("status", "body", "message"),
    [
        (400, {"error": "items[0].gold: expected a string or a number"}, "items[0].gold: expected"),
        (404, {"detail": "Not Found"}, "Not Found"),
        (413, "request body over 1 MiB", "request body over 1 MiB"),
        (422, {"message": "golds has 2 entries for 3 completions"}, "golds has 2 entries"),
    ],
)
def test_other_statuses_are_not_retried(server, waits, status, body, message):
    server.script = [Reply(status, body=body)]
    with pytest.raises(RemoteError) as caught:
        RemoteReward(server.url)(completions=["#### 1"], answer=["1"])
    assert str(caught.value).startswith(f"{server.url}/v1/score: HTTP {status}: ") and message in str(
        caught.value
    )
    assert caught.value.status == status and len(server.requests) == 1 and waits == []


def test_a_wrong_token_is_401_at_once_and_the_right_one_is_sent_as_bearer(waits):
    with StubRewardServer(token="right") as stub:
        with pytest.raises(RemoteError, match="HTTP 401: missing or wrong bearer token"):
            RemoteReward(stub.url, token="wrong")(completions=["#### 1"], answer=["1"])
        assert len(stub.requests) == 1 and waits == []
        assert RemoteReward(stub.url, token="right")(completions=["#### 1"], answer=["1"]) == [1.0]
        assert stub.requests[-1][1]["Authorization"] == "Bearer right"


def test_a_refused_connection_is_retried_then_names_the_url(waits):
    with socket.socket() as s:  # a port that was free a moment ago and has no listener now
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1/score"
    with pytest.raises(RemoteError, match=f"^{url}: gave up after 3 attempts: ConnectError") as caught:
        RemoteReward(url, retries=2)(completions=["#### 1"], answer=["1"])
    assert caught.value.status is None and len(waits) == 2


def test_a_slow_answer_times_out_and_is_retried(server, waits):
    server.script = [Sleep(6.0)]  # far past the timeout; the retry has time to answer on a busy machine
    reward = RemoteReward(server.url, timeout_s=1.5, retries=1)
    assert reward(completions=["#### 1"], answer=["1"]) == [1.0]
    assert len(server.requests) == 2 and len(waits) == 1


def test_a_server_that_stays_slow_is_an_error_naming_the_timeout(server, waits):
    server.script = [Sleep(3.0), Sleep(3.0)]
    with pytest.raises(RemoteError, match="gave up after 2 attempts: ReadTimeout"):
        RemoteReward(server.url, timeout_s=0.3, retries=1)(completions=["#### 1"], answer=["1"])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"rewards": [1.0]}, "answered 1 rewards for 2 completions"),
        ({"scores": [1.0, 1.0]}, "answered no 'rewards' list for 2 completions"),
        ({"rewards": [1.0, "high"]}, "reward 1 is 'high', not a number"),
        ("<html>ok</html>", "not JSON"),
    ],
)
def test_an_unusable_answer_is_an_error(server, body, message):
    server.script = [Reply(200, body=body)]
    with pytest.raises(RemoteError, match=message):
        RemoteReward(server.url)(completions=["#### 1", "#### 2"], answer=["1", "2"])


# --- async, pickling, TRL ------------------------------------------------------------------------------


def test_the_async_variant_runs_on_the_callers_event_loop(server):
    reward = RemoteReward(server.url, batch_size=2).as_async()
    assert isinstance(reward, AsyncRemoteReward) and reward.__name__ == "remote_reward"

    async def main():
        both = await asyncio.gather(
            reward(completions=COMPLETIONS, answer=GOLDS),
            reward(completions=COMPLETIONS[:3], answer=GOLDS[:3]),
        )
        return both, threading.current_thread()

    (first, second), thread = asyncio.run(main())
    assert first == EXPECTED and second == EXPECTED[:3] and thread is threading.main_thread()


def test_the_sync_call_works_inside_a_running_loop(server):
    reward = RemoteReward(server.url)

    async def main():
        return reward(completions=["#### 1"], answer=["1"])

    assert asyncio.run(main()) == [1.0]


def test_trl_tells_sync_from_async_as_it_does_in_1_16():
    # trl.trainer.utils.is_async_callable: the function or, for a callable object, its __call__
    def is_async_callable(func):
        return inspect.iscoroutinefunction(func) or inspect.iscoroutinefunction(func.__call__)

    reward = RemoteReward("http://127.0.0.1:1")
    assert not is_async_callable(reward) and is_async_callable(reward.as_async())


def test_trl_async_path_on_its_daemon_loop(server):
    # GRPOTrainer: an event loop on a daemon thread; async rewards gathered there with
    # asyncio.run_coroutine_threadsafe(...).result() from the training thread
    loop = asyncio.new_event_loop()
    ready = threading.Event()

    def run_loop():
        asyncio.set_event_loop(loop)
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run_loop, daemon=True)
    thread.start()
    ready.wait()
    try:
        funcs = [RemoteReward(server.url, name="a").as_async(), RemoteReward(server.url, name="b").as_async()]
        log = Log()

        async def run_all():
            return await asyncio.gather(
                *(
                    f(
                        prompts=["q"] * 11,
                        completions=COMPLETIONS,
                        completion_ids=[[1]] * 11,
                        answer=GOLDS,
                        trainer_state=None,
                        log_extra=log.column,
                        log_metric=log.metric,
                    )
                    for f in funcs
                )
            )

        results = asyncio.run_coroutine_threadsafe(run_all(), loop).result(timeout=60)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)
    assert results == [EXPECTED, EXPECTED]
    assert log.extra["a/verdict"][:3] == ["WRONG", "CORRECT", "CORRECT"]


def test_trl_calling_convention_and_logs(server):
    reward = RemoteReward(server.url, name="gsm8k_remote", batch_size=4)
    values, log = trl_call(reward, ["#### 3", "#### 5", "#### 3"], ["3", "3", "\\frac{"])
    assert values == [1.0, 0.0, None]
    assert reward.__name__ == "gsm8k_remote"
    assert log.extra["gsm8k_remote/verdict"] == ["CORRECT", "WRONG", "GOLD_INVALID"]
    assert log.extra["gsm8k_remote/extracted"][:2] == ["3", "5"]
    assert log.metrics["rewards/gsm8k_remote/none_frac"] == [pytest.approx(1 / 3)]
    assert log.metrics["rewards/accuracy/mean"] == [0.5]  # the server's component, in TRL's key scheme


def test_both_variants_pickle_and_work_after(server):
    reward = RemoteReward(server.url, token="t", batch_size=2, name="r")
    for fn in (reward, reward.as_async()):
        again = pickle.loads(pickle.dumps(fn))
        assert again.__name__ == "r" and type(again) is type(fn)
    assert pickle.loads(pickle.dumps(reward))(completions=COMPLETIONS, answer=GOLDS) == EXPECTED


def test_a_failed_batch_cancels_the_others_on_a_loop_that_keeps_running(server):
    # on TRL's daemon loop nothing cancels tasks left behind: a batch still waiting to be sent when another
    # failed must not be sent later on a closed client, nor fail with nobody to see it
    server.script = [Reply(401, body={"error": "no"})]
    reward = RemoteReward(server.url, batch_size=1, concurrency=1).as_async()
    unseen = []

    async def main():
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: unseen.append(context))
        with pytest.raises(RemoteError, match="HTTP 401"):
            await reward(completions=COMPLETIONS[:5], answer=GOLDS[:5])
        for _ in range(20):  # let anything left behind run, fail and be collected
            await asyncio.sleep(0.01)
        gc.collect()
        await asyncio.sleep(0)

    asyncio.run(main())
    assert unseen == [] and len(server.requests) == 1
