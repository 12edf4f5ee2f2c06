"""``rewardkit serve``: grading and rewards over HTTP, for trainers that ask for rewards from another process
or machine (OpenRLHF's ``--remote_rm_url``, verl's reward workers, anything that can POST JSON).

The modules, one job each: :mod:`~rewardkit.server.settings` (what a server is started with),
:mod:`~rewardkit.server.auth` (the bearer token), :mod:`~rewardkit.server.payloads` (request bodies in,
response bodies out), :mod:`~rewardkit.server.grading_queue` (the bounded queue and the grading thread),
:mod:`~rewardkit.server.metrics` (Prometheus text), :mod:`~rewardkit.server.openapi` (the schema) and
:mod:`~rewardkit.server.app` (the Starlette application; the only one that needs the ``[serve]`` extra).
Importing this package imports none of the extra's distributions.
"""

from __future__ import annotations

from rewardkit.server.settings import ServerSettings

__all__ = ["ServerSettings"]
