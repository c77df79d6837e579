"""Event sources (イベントソース): server output → typed :mod:`~dfg_bridge.model.events` on the main queue.

- :class:`LogTail` follows ``logs/latest.log`` like ``tail -F``;
- :class:`ServerProcess` runs the server as a child and reads its console;
- :class:`TriggerPoll` reads ``/trigger`` presses over RCON when no log is readable;
- :class:`LogParser` is the forgery-proof line parser the first two share.

Sources run in their own threads and only ``put`` events; the main loop owns all state.
"""

from dfg_bridge.sources.base import CommandRunner, EventSink, SourceThread
from dfg_bridge.sources.lineformat import LineFormat, LogLine, split_line
from dfg_bridge.sources.logtail import LogTail
from dfg_bridge.sources.parser import LogParser, ParserOptions
from dfg_bridge.sources.process import ServerProcess
from dfg_bridge.sources.triggerpoll import TriggerPoll

__all__ = [
    "CommandRunner",
    "EventSink",
    "LineFormat",
    "LogLine",
    "LogParser",
    "LogTail",
    "ParserOptions",
    "ServerProcess",
    "SourceThread",
    "TriggerPoll",
    "split_line",
]
