"""dfg_bridge: host 大富豪 (Daifugo) on a Minecraft Java server over RCON, without a server plugin."""

__version__ = "0.1.0"
