"""What the server answers (サーバーの返答): raw reply text in, plain frozen values out.

The one place that knows what replies look like, as :mod:`dfg_bridge.render` is the one place that
knows what commands look like: :mod:`~dfg_bridge.replies.answers` (short answers: who is online, a
position, a score, a count, a display name), :mod:`~dfg_bridge.replies.items` (the item lists of
``data get``) and :mod:`~dfg_bridge.replies.snbt` (the SNBT reader both rest on). The host parses no
reply itself (``tests/test_layering.py`` checks it).
"""

from dfg_bridge.replies.answers import (
    Position,
    display_name,
    entity_data,
    execute_failed,
    execute_passed,
    item_count,
    numbers,
    online_players,
    position,
    replaced,
    score,
)
from dfg_bridge.replies.items import ReadError, SlotSeen, parse_items

__all__ = [
    "Position",
    "ReadError",
    "SlotSeen",
    "display_name",
    "entity_data",
    "execute_failed",
    "execute_passed",
    "item_count",
    "numbers",
    "online_players",
    "parse_items",
    "position",
    "replaced",
    "score",
]
