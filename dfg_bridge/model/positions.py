"""Positions in the world (座標), one definition for the config, the host and the renderer."""

BlockPos = tuple[int, int, int]
"""A block position ``[x, y, z]`` (integers)."""
Vec3 = tuple[float, float, float]
"""An exact position; always written with a decimal point so Minecraft does not add 0.5."""

__all__ = ["BlockPos", "Vec3"]
