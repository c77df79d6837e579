"""RCON packet framing (vanilla 1.19–1.21 ``RconClient``), shared by the client's send and receive paths.

Packet: little-endian ``int32 length, int32 id, int32 type``, payload bytes, ``0x00 0x00``;
``length`` counts everything after itself.
"""

from __future__ import annotations

import struct

from dfg_bridge.model.limits import MAX_COMMAND_BYTES

HEADER = struct.Struct("<iii")
LENGTH = struct.Struct("<i")

TYPE_RESPONSE = 0
TYPE_COMMAND = 2
TYPE_AUTH_RESPONSE = 2
TYPE_LOGIN = 3
TYPE_PROBE = 100
"""Any type vanilla does not know; it answers ``Unknown request 64`` with the probe's id."""

MAX_REQUEST_PAYLOAD = MAX_COMMAND_BYTES
"""Vanilla reads one 1460-byte buffer per request: 1460 − 12 header − 2 padding bytes."""

MIN_PACKET_LENGTH = 10
MAX_PACKET_LENGTH = 4096 * 4 + 10 + 64
"""A reply chunk is 4096 UTF-16 units, at most 3 UTF-8 bytes each; anything far above is garbage."""

SPLIT_THRESHOLD = 4096
"""A first reply packet this long (bytes) may be followed by more: probe to find the end."""


def encode(request_id: int, packet_type: int, payload: bytes) -> bytes:
    """Frame one packet.

    >>> encode(1, 2, b"list")
    b'\\x0e\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x02\\x00\\x00\\x00list\\x00\\x00'
    """
    return HEADER.pack(len(payload) + 10, request_id, packet_type) + payload + b"\x00\x00"
