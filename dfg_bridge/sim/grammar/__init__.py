"""The simulated server's command-grammar checker (コマンド文法チェッカー).

Parses every command against Mojang's Brigadier tree for the selected version (vendored from
minecraft-data) with real argument parsers, and reports vanilla's error texts.

>>> from dfg_bridge.sim.grammar import CommandGrammar
>>> CommandGrammar.for_version("1.21.6").parse("/trigger dfg set 105").nodes
(('trigger', None), ('objective', 'dfg'), ('set', None), ('value', 105))
"""

from __future__ import annotations

from dfg_bridge.sim.grammar.env import UnsupportedVersionError
from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.grammar import CommandGrammar, ParsedCommand
from dfg_bridge.sim.grammar.snbt import format_snbt, parse_snbt
from dfg_bridge.sim.grammar.text import plain_text

__all__ = [
    "CommandGrammar",
    "CommandSyntaxError",
    "ErrorCode",
    "ParsedCommand",
    "UnsupportedVersionError",
    "format_snbt",
    "parse_snbt",
    "plain_text",
]
