"""Vendored Minecraft data for the world model (see README.md here)."""
