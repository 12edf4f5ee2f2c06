"""The reward server through Starlette's TestClient: the contracts, auth, limits, queue, metrics, schema."""

from __future__ import annotations

import json
import logging
import sys
import threading

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from server_rewards import BrokenReward, GatedReward
from starlette.testclient import TestClient

from rewardkit import grade
from rewardkit.errors import ConfigError
from rewardkit.server import ServerSettings
from rewardkit.server.app import create_app
from rewardkit.server.grading_queue import QueueFull

TOKEN = "s3cret-token"


def client(**overrides):
    settings = ServerSettings(**{"workers": 1, **overrides})
    return TestClient(create_app(settings))


@pytest.fixture(scope="module")
def open_client():
    with client(reward={"accuracy": 1.0, "format": {"weight": 0.5}}) as c:
        yield c


def test_openrlhf_contract_strips_the_prompt_and_reads_labels_as_golds(open_client):
    body = {
        "query": ["Q: 3+4? <think>3+4=7</think><answer>7</answer>", "Q: 1+1? The answer is 3.", "Q: x? 5"],
        "prompts": ["Q: 3+4? ", "Q: 1+1?", "not its prompt"],
        "labels": ["7", 2, "5"],
    }
    r = open_client.post("/get_reward", json=body)
    assert r.status_code == 200
    out = r.json()
    assert set(out) == {"rewards", "scores", "extra_logs"}
    assert out["rewards"] == out["scores"]
    assert out["rewards"][0] == pytest.approx(1.5)  # correct and well formatted
    assert out["rewards"][1] == 0.0
    assert out["rewards"][2] == 1.0  # a query without its prompt in front is the completion already
    assert all(len(v) == 3 for v in out["extra_logs"].values())
    assert out["extra_logs"]["not_applicable"] == [0.0, 0.0, 0.0]


def test_openrlhf_contract_sends_a_bad_gold_as_zero_and_flags_it(open_client):
    r = open_client.post("/get_reward", json={"query": ["7"], "prompts": [""], "labels": ["\\frac{"]})
    assert r.status_code == 200
    assert r.json()["rewards"] == [0.0]
    assert r.json()["extra_logs"]["not_applicable"] == [1.0]


def test_native_grade_returns_the_full_result_per_item_in_order(open_client):
    items = [
        {"completion": "The answer is 72.", "gold": 72},
        {"completion": "so 72", "gold": "72", "policy": "strict"},
        {"completion": "I think 3 or 4", "gold": "3"},
        {"completion": "Let me compute 5", "gold": "5", "finished": False},
    ]
    r = open_client.post("/v1/grade", json={"items": items})
    assert r.status_code == 200
    results = r.json()["results"]
    assert [x["verdict"] for x in results] == ["CORRECT", "FORMAT", "AMBIGUOUS", "TRUNCATED"]
    expected = [
        grade(
            i["completion"],
            gold=str(i["gold"]),
            policy=i.get("policy", "flexible"),
            finished=i.get("finished"),
        ).to_dict()
        for i in items
    ]
    for got, want in zip(results, expected, strict=True):
        assert {k: v for k, v in got.items() if k != "elapsed_s"} == {
            k: v for k, v in want.items() if k != "elapsed_s"
        }


def test_native_grade_takes_decimals_per_item(open_client):
    items = [
        {"completion": "The answer is 0.33.", "gold": "\\frac13", "decimals": 2},
        {"completion": "The answer is 0.33.", "gold": "\\frac13"},
        {"completion": "The answer is 0.3333.", "gold": "\\frac13", "decimals": 4},
        {"completion": "The answer is 0.33.", "gold": "\\frac13", "decimals": 4},
    ]
    r = open_client.post("/v1/grade", json={"items": items})
    assert r.status_code == 200
    results = r.json()["results"]
    assert [x["verdict"] for x in results] == ["CORRECT", "WRONG", "CORRECT", "WRONG"]
    assert results[0]["match"] == "rounded_to_decimals"
    bad = {"items": [{"completion": "1", "gold": "1", "decimals": -1}]}
    r = open_client.post("/v1/grade", json=bad)
    assert r.status_code == 422 and "items[0].decimals" in r.text


def test_native_score_gives_rewards_results_and_components(open_client):
    body = {"completions": ["<think>1+1=2</think><answer>2</answer>", "3"], "golds": ["2", "\\frac{"]}
    r = open_client.post("/v1/score", json=body)
    assert r.status_code == 200
    out = r.json()
    assert out["rewards"] == [pytest.approx(1.5), None]  # a gold that cannot be parsed: no score, not 0
    assert [x["verdict"] for x in out["results"]] == ["CORRECT", "GOLD_INVALID"]
    assert set(out["components"]) == {"accuracy", "format"}
    assert out["components"]["accuracy"] == [1.0, None]


@pytest.mark.parametrize(
    ("path", "body", "status", "field"),
    [
        ("/v1/grade", b"{not json", 400, None),
        ("/v1/grade", b"\xff\xfe", 400, None),
        ("/v1/grade", b"[1, 2]", 422, ""),
        ("/v1/grade", b"{}", 422, "items"),
        ("/v1/grade", b'{"items": [{"gold": "1"}]}', 422, "items[0].completion"),
        ("/v1/grade", b'{"items": [{"completion": "1", "gold": null}]}', 422, "items[0].gold"),
        (
            "/v1/grade",
            b'{"items": [{"completion": "1", "gold": "1", "policy": "lax"}]}',
            422,
            "items[0].policy",
        ),
        (
            "/v1/grade",
            b'{"items": [{"completion": "1", "gold": "1", "finished": 1}]}',
            422,
            "items[0].finished",
        ),
        ("/v1/score", b'{"completions": ["1", 2], "golds": ["1", "2"]}', 422, "completions[1]"),
        ("/v1/score", b'{"completions": ["1"], "golds": ["1", "2"]}', 422, "golds"),
        ("/v1/score", b'{"completions": ["1"], "golds": ["1"], "prompts": "p"}', 422, "prompts"),
        ("/get_reward", b'{"query": ["1"], "prompts": ["1"]}', 422, "labels"),
        ("/get_reward", b'{"query": ["1"], "prompts": [], "labels": ["1"]}', 422, "prompts"),
    ],
)
def test_bad_bodies_get_a_status_and_name_the_field(open_client, path, body, status, field):
    r = open_client.post(path, content=body, headers={"content-type": "application/json"})
    assert r.status_code == status
    assert r.json()["error"]
    assert r.json().get("field") == field


def test_a_body_over_the_limit_is_413_whether_or_not_it_says_its_length():
    with client(max_body_bytes=100) as c:
        big = json.dumps({"items": [{"completion": "x" * 200, "gold": "1"}]}).encode()
        assert c.post("/v1/grade", content=big).status_code == 413
        chunked = c.post("/v1/grade", content=iter([big[:60], big[60:]]))  # no Content-Length: streamed
        assert chunked.status_code == 413
        assert c.post("/v1/grade", json={"items": [{"completion": "1", "gold": "1"}]}).status_code == 200


def test_a_batch_over_the_limit_is_413():
    with client(max_batch=2) as c:
        items = [{"completion": "1", "gold": "1"}] * 3
        r = c.post("/v1/grade", json={"items": items})
        assert r.status_code == 413
        assert "at most 2" in r.json()["error"]
        assert c.post("/v1/grade", json={"items": items[:2]}).status_code == 200


@pytest.mark.parametrize(
    ("header", "status"),
    [
        (None, 401),
        ("Bearer wrong", 401),
        (f"Basic {TOKEN}", 401),
        (f"Bearer {TOKEN}x", 401),
        (f"Bearer {TOKEN}", 200),
    ],
)
def test_the_token_is_required_on_every_endpoint_but_health(header, status):
    headers = {} if header is None else {"authorization": header}
    with client(token=TOKEN, host="0.0.0.0") as c:
        body = {"items": [{"completion": "1", "gold": "1"}]}
        assert c.post("/v1/grade", json=body, headers=headers).status_code == status
        assert (
            c.post("/v1/score", json={"completions": ["1"], "golds": ["1"]}, headers=headers).status_code
            == status
        )
        openrlhf = {"query": ["1"], "prompts": [""], "labels": ["1"]}
        assert c.post("/get_reward", json=openrlhf, headers=headers).status_code == status
        assert c.get("/metrics", headers=headers).status_code == status
        assert c.get("/health").status_code == 200
    if status == 401:
        assert c.post("/v1/grade", json=body, headers=headers).headers["www-authenticate"] == "Bearer"


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5", "example.org"])
def test_binding_beyond_loopback_without_a_token_is_refused(host):
    with pytest.raises(ConfigError, match="needs a bearer token"):
        create_app(ServerSettings(host=host, workers=1))


def test_a_full_queue_is_429_with_retry_after_and_a_waiting_request_past_its_deadline_is_504():
    reward = GatedReward()
    with client(reward=reward, queue=2, timeout_s=0.3) as c:
        grading = c.app.state.grading
        started = threading.Event()
        busy = grading.submit(lambda: (started.set(), reward.gate.wait(30)))  # the grading thread is busy
        assert started.wait(30)
        body = {"completions": ["1"], "golds": ["1"]}
        late = c.post("/v1/score", json=body)  # accepted, waits behind the busy job, runs out of time
        assert late.status_code == 504
        fillers = []
        with pytest.raises(QueueFull):  # the request that gave up freed its place: fill the queue
            while True:
                fillers.append(grading.submit(lambda: None))
        assert fillers
        full = c.post("/v1/score", json=body)
        assert full.status_code == 429
        assert int(full.headers["retry-after"]) >= 1
        reward.gate.set()
        for future in (busy, *fillers):
            future.result(30)
        assert reward.calls == 0  # the request that ran out of time was never graded
        assert c.post("/v1/score", json=body).json()["rewards"] == [1.0]
        metrics = c.get("/metrics").text
        assert 'rewardkit_requests_total{endpoint="/v1/score",status="429"} 1' in metrics
        assert "rewardkit_request_timeouts_total 1" in metrics


def test_a_hung_item_costs_one_timeout_result_not_the_server(monkeypatch):
    from sandbox_helpers import grade_or_hang

    monkeypatch.setattr(
        sys.modules["rewardkit.grade"], "grade", grade_or_hang
    )  # the worker pool grades with it
    with client(workers=2, item_timeout_s=0.5) as c:
        items = [{"completion": f"The answer is {i}.", "gold": str(i)} for i in range(6)]
        items[2] = {"completion": "HANG", "gold": "2"}
        r = c.post("/v1/grade", json={"items": items})
        assert r.status_code == 200
        verdicts = [x["verdict"] for x in r.json()["results"]]
        assert verdicts == ["CORRECT", "CORRECT", "TIMEOUT", "CORRECT", "CORRECT", "CORRECT"]
        assert c.get("/health").status_code == 200
        assert 'rewardkit_verdicts_total{verdict="TIMEOUT"} 1' in c.get("/metrics").text


def test_metrics_count_requests_items_and_verdicts():
    with client() as c:
        c.post(
            "/v1/grade", json={"items": [{"completion": "4", "gold": "4"}, {"completion": "5", "gold": "4"}]}
        )
        c.post("/v1/grade", content=b"nope")
        r = c.get("/metrics")
        assert r.headers["content-type"].startswith("text/plain")
        lines = set(r.text.splitlines())
        assert 'rewardkit_requests_total{endpoint="/v1/grade",status="200"} 1' in lines
        assert 'rewardkit_requests_total{endpoint="/v1/grade",status="400"} 1' in lines
        assert "rewardkit_items_total 2" in lines
        assert 'rewardkit_verdicts_total{verdict="CORRECT"} 1' in lines
        assert 'rewardkit_verdicts_total{verdict="WRONG"} 1' in lines
        assert "rewardkit_queue_depth 0" in lines
        assert any(
            line.startswith("rewardkit_items_per_second ") and float(line.split()[1]) > 0 for line in lines
        )
        for line in r.text.splitlines():  # every sample line is NAME{labels} VALUE
            assert line.startswith("# ") or float(line.rsplit(" ", 1)[1]) >= 0


def test_health_and_the_schema_of_the_three_post_endpoints(open_client):
    assert open_client.get("/health").json()["status"] == "ok"
    schema = open_client.get("/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    posts = {path for path, ops in schema["paths"].items() if "post" in ops}
    assert posts == {"/get_reward", "/v1/grade", "/v1/score"}
    for path in posts:
        ref = schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        assert ref.rsplit("/", 1)[1] in schema["components"]["schemas"]


def test_no_model_text_is_logged(caplog):
    secret = "The answer is 917364, says the policy"
    with caplog.at_level(logging.DEBUG), client() as c:
        c.post("/v1/grade", json={"items": [{"completion": secret, "gold": "917364"}]})
        c.post("/v1/score", json={"completions": [secret], "golds": ["\\frac{"]})
        c.post("/get_reward", json={"query": [secret], "prompts": [""], "labels": ["917364"]})
        c.post("/v1/grade", content=json.dumps({"items": [{"completion": secret, "gold": None}]}))
    assert any(r.name == "rewardkit.server" for r in caplog.records)
    assert not any("917364" in r.getMessage() for r in caplog.records)


def test_a_reward_that_fails_is_500_naming_only_its_error_type(caplog):
    with caplog.at_level(logging.DEBUG), client(reward=BrokenReward()) as c:
        failed = c.post("/v1/score", json={"completions": ["raise"], "golds": ["1"]})
        assert failed.status_code == 500
        assert failed.json()["error"] == "grading failed: RuntimeError"
        nan = c.post("/get_reward", json={"query": ["nan"], "prompts": [""], "labels": ["1"]})
        assert nan.status_code == 500
        assert "NaN" in nan.json()["error"]
        assert c.post("/v1/grade", json={"items": [{"completion": "1", "gold": "1"}]}).status_code == 200
        lines = set(c.get("/metrics").text.splitlines())
    assert 'rewardkit_requests_total{endpoint="/v1/score",status="500"} 1' in lines
    assert 'rewardkit_requests_total{endpoint="/get_reward",status="500"} 1' in lines
    assert not any("cannot score" in r.getMessage() for r in caplog.records)
