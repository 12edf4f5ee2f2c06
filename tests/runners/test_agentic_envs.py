"""The agentic recipe's tool environments: tools validate their arguments, record every call, and raise
readable errors (which the trainer turns into observations); problem generators are deterministic."""

from __future__ import annotations

import inspect

import pytest

from rewardkit import grade
from runners.envs import ENVIRONMENTS, PROBLEMS, TOWNS, CalculatorEnv, LookupEnv
from runners.envs.calculator import MAX_MAGNITUDE


def test_calculator_tools_compute_and_record() -> None:
    env = CalculatorEnv()
    assert env.reset(question="q", answer="30883") is None
    assert env.multiply(347, 89) == 30883
    assert env.add("1,200", 5) == 1205  # a sloppy string argument is still a number
    quotient = env.divide(8, 2)
    assert env.divide(7, 2) == 3.5 and quotient == 4 and isinstance(quotient, int)
    assert env.subtract(5.5, 0.5) == 5
    assert [(c.tool, c.ok, c.result) for c in env.calls] == [
        ("multiply", True, "30883"),
        ("add", True, "1205"),
        ("divide", True, "4"),
        ("divide", True, "3.5"),
        ("subtract", True, "5"),
    ]
    env.reset()
    assert env.calls == []


@pytest.mark.parametrize(
    ("tool", "args", "message"),
    [
        ("multiply", ("abc", 2), "a must be a number, got 'abc'"),
        ("add", (True, 2), "a must be a number"),
        ("add", (None, 2), "a must be a number, got NoneType"),
        ("divide", (1, 0), "division by zero"),
        ("multiply", (10**14, 10**14), "larger than"),
        ("add", (float("nan"), 1), "finite"),
        ("add", (MAX_MAGNITUDE * 10, 1), "finite"),
    ],
)
def test_calculator_refuses_bad_arguments_with_a_readable_error(tool: str, args: tuple, message: str) -> None:
    env = CalculatorEnv()
    env.reset()
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        getattr(env, tool)(*args)
    [call] = env.calls
    assert call.tool == tool and call.ok is False and call.result.startswith("error: ")


def test_lookup_env_has_facts_and_arithmetic() -> None:
    env = LookupEnv()
    env.reset()
    assert env.lookup("Veloria", "population") == "48213"
    assert env.lookup(" Dunmere ", "schools") == "5"
    with pytest.raises(ValueError, match="no town named 'Atlantis'"):
        env.lookup("Atlantis", "population")
    with pytest.raises(ValueError, match="no attribute 'mayor'"):
        env.lookup("Veloria", "mayor")
    with pytest.raises(ValueError, match="no town named 7"):
        env.lookup(7, "population")  # type: ignore[arg-type]
    assert env.add(1, 2) == 3
    assert [c.ok for c in env.calls] == [True, True, False, False, False, True]


def test_tools_are_documented_typed_methods_trl_can_render() -> None:
    """TRL exposes every public method except reset/get_reward as a tool and renders its schema from the type
    hints and the Google-style docstring (transformers.utils.get_json_schema)."""
    get_json_schema = pytest.importorskip("transformers.utils").get_json_schema
    for env_class in ENVIRONMENTS.values():
        env = env_class()
        tools = [
            getattr(env, name)
            for name, _ in inspect.getmembers(type(env), predicate=inspect.isfunction)
            if name not in ("reset", "get_reward") and not name.startswith("_")
        ]
        assert tools
        for tool in tools:
            schema = get_json_schema(tool)
            assert schema["function"]["description"]
            assert set(schema["function"]["parameters"]["properties"]) == set(
                inspect.signature(tool).parameters
            )


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_problems_are_deterministic_and_their_golds_grade(name: str) -> None:
    rows = PROBLEMS[name](20, seed=5)
    assert rows == PROBLEMS[name](20, seed=5) and rows != PROBLEMS[name](20, seed=6)
    for row in rows:
        assert row["environment"] == name and int(row["answer"]) > 0
        assert grade(f"The answer is {row['answer']}.", gold=row["answer"]).correct


def test_calculator_problems_need_a_big_multiplication() -> None:
    for row in PROBLEMS["calculator"](50, seed=1):
        numbers = [int(t) for t in row["question"].replace("?", " ").replace(".", " ").split() if t.isdigit()]
        a, b = numbers[:2]
        assert 100 < a < 1000 and 100 < b < 1000
        assert int(row["answer"]) in {a * b, a * b + numbers[-1], a * b - numbers[-1]}


def test_lookup_problems_need_two_towns() -> None:
    for row in PROBLEMS["lookup"](30, seed=2):
        assert sum(town in row["question"] for town in TOWNS) >= 2


def test_calculator_problems_without_an_easy_part_are_unchanged() -> None:
    """The mixed task's draw is made only when asked for: a seed's hard-only rows stay what they were."""
    rows = PROBLEMS["calculator"](3, seed=0)
    assert (rows[0]["question"], rows[0]["answer"], rows[0]["part"]) == (
        "A shop sells 965 boxes of 495 pencils. How many pencils does it sell?",
        "477675",
        "hard",
    )
    assert {r["part"] for r in PROBLEMS["calculator"](50, seed=1)} == {"hard"}


@pytest.mark.parametrize("easy_fraction", [0.25, 0.5, 0.75])
def test_mixed_calculator_task_has_an_easy_times_table_and_a_hard_part(easy_fraction: float) -> None:
    rows = PROBLEMS["calculator"](400, seed=3, easy_fraction=easy_fraction, two_step_fraction=0.3)
    easy = [r for r in rows if r["part"] == "easy"]
    assert abs(len(easy) / len(rows) - easy_fraction) < 0.08
    for row in rows:
        numbers = [int(t) for t in row["question"].replace("?", " ").replace(".", " ").split() if t.isdigit()]
        if row["part"] == "easy":  # one step, one-digit factors: a times table, no tool needed
            a, b = numbers
            assert 2 <= a <= 9 and 2 <= b <= 9 and row["answer"] == str(a * b)
        else:
            assert row["part"] == "hard" and all(100 < n < 1000 for n in numbers)
        assert grade(f"The answer is {row['answer']}.", gold=row["answer"]).correct
    assert rows == PROBLEMS["calculator"](400, seed=3, easy_fraction=easy_fraction, two_step_fraction=0.3)


def test_one_wording_puts_the_numbers_at_the_same_places() -> None:
    rows = PROBLEMS["calculator"](60, seed=4, easy_fraction=0.5, digits=2, two_step_fraction=0.0, wordings=1)
    stems = {r["question"].split(" ")[:3] == ["A", "farm", "packs"] for r in rows}
    assert stems == {True}
    hard = [r for r in rows if r["part"] == "hard"]
    assert hard and {len(r["question"]) for r in hard} == {len(hard[0]["question"])}  # two-digit factors
    with pytest.raises(ValueError, match="wordings must be between 1 and 4"):
        PROBLEMS["calculator"](1, wordings=0)
