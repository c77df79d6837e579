"""Java's number and hash formatting, where vanilla output depends on it (Java 書式).

>>> java_double_str(1.0), java_double_str(1e7), java_double_str(1.5e-4)
('1.0', '1.0E7', '1.5E-4')
>>> java_float_str(0.1), java_string_hash("id")
('0.1', 3355)
"""

from __future__ import annotations

import math
import struct

__all__ = ["java_double_str", "java_float_str", "java_hashmap_order", "java_string_hash", "to_float32"]


def to_float32(value: float) -> float:
    """``value`` rounded to the nearest IEEE single, as Java's ``(float)`` cast does."""
    try:
        return float(struct.unpack("f", struct.pack("f", value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)


def _java_style(digits_repr: str) -> str:
    """Re-shape Python's shortest repr into Java's ``Double.toString`` layout."""
    neg = digits_repr.startswith("-")
    body = digits_repr[1:] if neg else digits_repr
    if "e" in body:
        mant, exp_s = body.split("e")
        exp = int(exp_s)
    else:
        mant, exp = body, 0
    if "." in mant:
        int_part, frac = mant.split(".")
    else:
        int_part, frac = mant, ""
    digits = (int_part + frac).lstrip("0")
    point = len(int_part) + exp  # position of the decimal point relative to the start of int_part+frac
    lead_zeros = len(int_part + frac) - len((int_part + frac).lstrip("0"))
    point -= lead_zeros
    digits = digits.rstrip("0") or "0"
    sign = "-" if neg else ""
    if digits == "0":
        return sign + "0.0"
    # value = 0.digits × 10^point
    sci_exp = point - 1
    if -3 <= sci_exp < 7:
        if point <= 0:
            return f"{sign}0.{'0' * (-point)}{digits}"
        if point >= len(digits):
            return f"{sign}{digits}{'0' * (point - len(digits))}.0"
        return f"{sign}{digits[:point]}.{digits[point:]}"
    frac_digits = digits[1:] or "0"
    return f"{sign}{digits[0]}.{frac_digits}E{sci_exp}"


def java_double_str(value: float) -> str:
    """``Double.toString(value)``."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return _java_style(repr(value))


def java_float_str(value: float) -> str:
    """``Float.toString((float) value)``: the shortest digits that round-trip in single precision."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    f = to_float32(value)
    for digits in range(1, 10):
        text = f"{f:.{digits}g}"
        if to_float32(float(text)) == f:
            return _java_style(repr(float(text)))
    return _java_style(repr(f))


def java_string_hash(s: str) -> int:
    """``String.hashCode()`` (over UTF-16 code units), as a signed 32-bit int."""
    h = 0
    for unit in s.encode("utf-16-be").hex(" ", 2).split() if s else ():
        h = (31 * h + int(unit, 16)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def java_hashmap_order(keys: list[str]) -> list[str]:
    """The iteration order of a ``java.util.HashMap`` after inserting ``keys`` in order.

    Vanilla's ``CompoundTag`` is a HashMap, so ``data get`` prints keys in this order.
    """
    capacity = 16
    while len(keys) > capacity * 0.75:
        capacity *= 2
    buckets: list[list[str]] = [[] for _ in range(capacity)]
    for key in keys:
        h = java_string_hash(key) & 0xFFFFFFFF
        h ^= h >> 16
        buckets[h & (capacity - 1)].append(key)
    # Resizing splits each bucket preserving relative order, so inserting into the final table in
    # insertion order gives the same order within a bucket.
    return [k for bucket in buckets for k in bucket]
