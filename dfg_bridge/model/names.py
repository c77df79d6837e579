"""Who a displayed name can be (名前の帰属): account names hidden in a display name.

A log line names a player by their *display* name: the account name decorated by their team's
prefix and suffix, which an operator or a plugin can set to anything. So ``<.Steve>`` may be the
Bedrock player ``.Steve`` or the Java player ``Steve`` whose team prefix is ``.``. Attribution must
never rest on the decoration: :func:`candidates` lists every online account the display name could
belong to, and only one candidate is an answer. With several, the caller asks the server for each
candidate's display name (the server knows who is who) and keeps the one that matches, or none.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["candidates"]


def candidates(shown: str, online: Iterable[str]) -> list[str]:
    """Online account names that could be shown as ``shown`` (each occurs in it), longest first.

    >>> candidates(".Steve", {"Steve", ".Steve", "Alex"})
    ['.Steve', 'Steve']
    >>> candidates("【大富豪】Steve", {"Steve", "Alex"})
    ['Steve']
    >>> candidates("Steve2", {"Steve", "Steve2"})
    ['Steve2', 'Steve']
    >>> candidates("Eve", {"Steve"})
    []
    """
    return sorted((name for name in set(online) if name and name in shown), key=lambda n: (-len(n), n))
