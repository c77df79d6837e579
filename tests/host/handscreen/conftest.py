"""Shared parts for the hand-screen tests: the packaged message catalogue."""

from __future__ import annotations

import pytest

from dfg_bridge.i18n import Messages


@pytest.fixture(scope="session")
def msgs() -> Messages:
    loaded, issues = Messages.load()
    assert issues == []
    return loaded
