"""The server's OpenAPI 3.1 schema (``GET /openapi.json``), written by hand: three endpoints do not need a
framework that derives schemas from type hints, and a hand-written one says exactly what the contract is.

>>> sorted(p for p, ops in SCHEMA["paths"].items() if "post" in ops)
['/get_reward', '/v1/grade', '/v1/score']
"""

from __future__ import annotations

from typing import Any

__all__ = ["SCHEMA"]

_GOLD = {"oneOf": [{"type": "string"}, {"type": "number"}], "description": "the gold answer"}
_NULLABLE_NUMBER = {"type": ["number", "null"]}
_ERROR = {
    "description": "the body breaks the contract, is too large, or the request was refused",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}
_REFUSALS = {
    "400": {**_ERROR, "description": "malformed JSON"},
    "401": {**_ERROR, "description": "missing or wrong bearer token"},
    "413": {**_ERROR, "description": "body larger than --max-body-bytes or batch longer than --max-batch"},
    "422": {**_ERROR, "description": "the JSON does not follow the contract; `field` names where"},
    "429": {**_ERROR, "description": "the queue is full; see the Retry-After header"},
    "504": {**_ERROR, "description": "the request ran past its deadline (--timeout)"},
}


def _post(summary: str, request: str, response: str) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "security": [{"bearer": []}],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{request}"}}},
            },
            "responses": {
                "200": {
                    "description": "one result per item, in order",
                    "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{response}"}}},
                },
                **_REFUSALS,
            },
        }
    }


SCHEMA: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "rewardkit reward server", "version": "1"},
    "paths": {
        "/get_reward": _post(
            "OpenRLHF's remote reward contract (--remote_rm_url http://HOST:PORT/get_reward)",
            "OpenRLHFRequest",
            "OpenRLHFResponse",
        ),
        "/v1/grade": _post(
            "Grade completions against golds: the full result per item", "GradeRequest", "GradeResponse"
        ),
        "/v1/score": _post(
            "Rewards from the server's reward spec, with components", "ScoreRequest", "ScoreResponse"
        ),
        "/health": {"get": {"summary": "liveness, no auth", "responses": {"200": {"description": "ok"}}}},
        "/metrics": {
            "get": {
                "summary": "Prometheus text: requests, items, items/s, verdicts, timeouts, queue depth",
                "security": [{"bearer": []}],
                "responses": {"200": {"description": "text/plain; version=0.0.4"}},
            }
        },
    },
    "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        "schemas": {
            "Error": {
                "type": "object",
                "required": ["error"],
                "properties": {"error": {"type": "string"}, "field": {"type": "string"}},
            },
            "OpenRLHFRequest": {
                "type": "object",
                "required": ["query", "prompts", "labels"],
                "properties": {
                    "query": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "prompt + completion",
                    },
                    "prompts": {"type": "array", "items": {"type": "string"}},
                    "labels": {"type": "array", "items": _GOLD},
                },
            },
            "OpenRLHFResponse": {
                "type": "object",
                "properties": {
                    "rewards": {"type": "array", "items": {"type": "number"}},
                    "scores": {"type": "array", "items": {"type": "number"}},
                    "extra_logs": {
                        "type": "object",
                        "additionalProperties": {"type": "array", "items": {"type": "number"}},
                    },
                },
            },
            "GradeRequest": {
                "type": "object",
                "required": ["items"],
                "properties": {
                    "items": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["completion", "gold"],
                            "properties": {
                                "completion": {"type": "string"},
                                "gold": _GOLD,
                                "policy": {"enum": ["flexible", "strict"], "default": "flexible"},
                                "finished": {"type": ["boolean", "null"]},
                                "decimals": {"type": ["integer", "null"], "minimum": 0, "maximum": 100},
                            },
                        },
                    }
                },
            },
            "GradeResult": {
                "type": "object",
                "properties": {
                    "correct": {"type": "boolean"},
                    "verdict": {"type": "string"},
                    "extracted": {"type": ["string", "null"]},
                    "rule": {"type": ["string", "null"]},
                    "detail": {"type": ["string", "null"]},
                },
                "additionalProperties": True,
            },
            "GradeResponse": {
                "type": "object",
                "properties": {
                    "results": {"type": "array", "items": {"$ref": "#/components/schemas/GradeResult"}}
                },
            },
            "ScoreRequest": {
                "type": "object",
                "required": ["completions", "golds"],
                "properties": {
                    "completions": {"type": "array", "items": {"type": "string"}},
                    "golds": {"type": "array", "items": _GOLD},
                    "prompts": {"type": "array", "items": {"type": "string"}},
                },
            },
            "ScoreResponse": {
                "type": "object",
                "properties": {
                    "rewards": {"type": "array", "items": _NULLABLE_NUMBER},
                    "results": {"type": "array", "items": {"type": "object"}},
                    "components": {
                        "type": "object",
                        "additionalProperties": {"type": "array", "items": _NULLABLE_NUMBER},
                    },
                },
            },
        },
    },
}
