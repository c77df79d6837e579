"""Real-format server log lines and the event each must yield (None: no event).

Each group names where the lines come from. Lines copied from public logs keep their exact shape;
where a shape is documented but no public sample carried our own command (``/dfg``, ``!dfg``,
``Triggered [dfg]``), the line is built from the documented vanilla/Paper template and marked so.
"""

from __future__ import annotations

from dfg_bridge.model.events import (
    CommandSource,
    PlayerCommand,
    PlayerIdentified,
    PlayerJoined,
    PlayerLeft,
    ServerEvent,
    ServerStarted,
    ServerStopping,
    ServerVersionSeen,
    TriggerFired,
)

Sample = tuple[str, ServerEvent | None]

TYPED = CommandSource.TYPED
CHAT = CommandSource.CHAT

# Vanilla 1.13.2 latest.log — MCDReforged/MCDReforged tests/handler/test_vanilla_handler.py
VANILLA_113: list[Sample] = [
    ("[09:00:01] [Server thread/WARN]: Can't keep up!", None),
    ("[19:50:40] [main/INFO]: Loaded 0 recipes", None),
    ("[09:00:00] [Server thread/INFO]: <Steve> Hello", None),
    (
        "[19:50:41] [Server thread/INFO]: Starting minecraft server version 1.13.2",
        ServerVersionSeen("1.13.2"),
    ),
    ("[19:50:41] [Server thread/INFO]: Loading properties", None),
    ("[19:50:41] [Server thread/INFO]: Starting Minecraft server on *:25565", None),
    ("[19:50:48] [Server thread/WARN]: **** SERVER IS RUNNING IN OFFLINE/INSECURE MODE!", None),
    ('[19:50:48] [Server thread/INFO]: Preparing level "world"', None),
    ("[19:50:51] [Server thread/INFO]: Preparing spawn area: 4%", None),
    (
        "[19:50:51] [Server thread/WARN]: Keeping entity minecraft:drowned that already exists with UUID "
        "b244cf5e-d6ac-4652-800a-af010b167978",
        None,
    ),
    ("[19:50:52] [Server thread/INFO]: Time elapsed: 1152 ms", None),
    ('[19:50:52] [Server thread/INFO]: Done (3.355s)! For help, type "help"', ServerStarted(None)),
    ("[19:50:52] [RCON Listener #1/INFO]: RCON running on 0.0.0.0:25575", None),
    (
        "[19:51:00] [Server thread/WARN]: Can't keep up! Is the server overloaded? Running 2332ms or 46 "
        "ticks behind",
        None,
    ),
    (
        "[23:52:53] [Server thread/INFO]: Fallen_Breath[/127.0.0.1:9477] logged in with entity id 574 at "
        "(97.54280240953143, 283.524569321069, 145.44209988243546)",
        PlayerJoined("Fallen_Breath"),
    ),
    ("[23:52:53] [Server thread/INFO]: Fallen_Breath joined the game", PlayerJoined("Fallen_Breath")),
    ("[23:54:28] [Server thread/INFO]: [Fallen_Breath: Saved the game]", None),
    ("[23:54:36] [Server thread/INFO]: [Fallen_Breath: Stopping the server]", None),
    ("[23:54:36] [Server thread/INFO]: Stopping server", ServerStopping()),
    ("[23:54:36] [Server thread/INFO]: Saving chunks for level 'world'/minecraft:the_end", None),
    ("[00:04:34] [Server Shutdown Thread/INFO]: Stopping server", ServerStopping()),
    ("[23:52:53] [Server thread/INFO]: Steve left the game", PlayerLeft("Steve")),
    # MCDReforged's own attack case: Steve *says* "Steve left the game"
    ("[23:52:53] [Server thread/INFO]: <Steve> Steve left the game", None),
    ("[09:00:00] [Server thread/INFO]: <Steve> <Alex> !!ping", None),
]

# Vanilla 1.7.2 — barneygale/mark2 issue #128 (https://github.com/barneygale/mark2/issues/128)
VANILLA_172: list[Sample] = [
    ("[15:17:48] [Server thread/INFO]: Starting minecraft server version 1.7.2", ServerVersionSeen("1.7.2")),
    (
        '[15:17:48] [Server thread/WARN]: To start the server with more ram, launch it as "java -Xmx1024M '
        '-Xms1024M -jar minecraft_server.jar"',
        None,
    ),
    ("[15:17:48] [Server thread/INFO]: Generating keypair", None),
    ('[15:17:49] [Server thread/INFO]: Done (1.020s)! For help, type "help" or "?"', ServerStarted(None)),
    ("[15:17:49] [Query Listener #1/INFO]: Query running on 0.0.0.0:25565", None),
    ("[15:19:58] [Server thread/INFO]: Stopping the server", None),
    ("[15:19:58] [Server thread/INFO]: Saving worlds", None),
]

# Vanilla 1.17 with Carpet — himekifee/MCMTFabric issue #6
VANILLA_117: list[Sample] = [
    ("[12:04:12] [Server thread/INFO]: [CM]: loaded setting commandPlayer as true from carpet.conf", None),
    (
        "[12:04:15] [User Authenticator #1/INFO]: UUID of player Komeiji_Koishi is "
        "ea7e8c96-6aa5-4ce3-872d-3eb4b68f97e2",
        PlayerIdentified("Komeiji_Koishi", "ea7e8c96-6aa5-4ce3-872d-3eb4b68f97e2"),
    ),
    ('[12:04:16] [Server thread/INFO]: Done (4.395s)! For help, type "help"', ServerStarted(None)),
    (
        "[12:04:17] [Server thread/INFO]: Komeiji_Koishi[/111.42.148.89:24866] logged in with entity id 274 "
        "at (1294.8359521977134, 65.0625, 695.5122643251708)",
        PlayerJoined("Komeiji_Koishi"),
    ),
]

# Paper 1.16.4 latest.log — MichaIng/DietPi issue #3823
PAPER_FILE_1164: list[Sample] = [
    (
        "[21:48:15] [main/INFO]: Environment: authHost='https://authserver.mojang.com', "
        "accountsHost='https://api.mojang.com', sessionHost='https://sessionserver.mojang.com', "
        "servicesHost='https://api.minecraftservices.com', name='PROD'",
        None,
    ),
    (
        "[21:48:36] [Server thread/INFO]: Starting minecraft server version 1.16.4",
        ServerVersionSeen("1.16.4"),
    ),
    (
        "[21:48:37] [Server thread/INFO]: This server is running Paper version git-Paper-324 (MC: 1.16.4) "
        "(Implementing API version 1.16.4-R0.1-SNAPSHOT)",
        None,
    ),
    ("[21:48:37] [Server thread/INFO]: Console input is disabled due to --noconsole command argument", None),
]

# Spigot 1.14.4 latest.log — MCDReforged tests/handler/test_bukkit14_handler.py
SPIGOT_114: list[Sample] = [
    (
        "[00:38:57] [pool-4-thread-5/INFO]: [ViaBackwards] Loading 1.13 -> 1.12.2 mappings...",
        None,
    ),
    ("[00:39:30] [Async Chat Thread - #0/INFO]: <Fallen_Breath> a test text", None),
    (
        "[00:39:24] [Server thread/INFO]: Fallen_Breath[/127.0.0.1:13635] logged in with entity id 451 at "
        "([world]157.89301978882165, 279.4052172954894, 137.07224455363863)",
        PlayerJoined("Fallen_Breath"),
    ),
    ("[00:39:33] [Server thread/INFO]: Fallen_Breath left the game", PlayerLeft("Fallen_Breath")),
    ('[00:39:13] [Server thread/INFO]: Done (17.555s)! For help, type "help"', ServerStarted(None)),
    (
        "[00:39:24] [Server thread/ERROR]: Tried to load unrecognized recipe: minecraft:cactus_green "
        "removed now.",
        None,
    ),
]

# Bukkit/Paper console 1.13.2 — MCDReforged tests/handler/test_bukkit_handler.py
PAPER_CONSOLE_1132: list[Sample] = [
    ("[00:11:34 INFO]: Found new data pack file/bukkit, loading it automatically", None),
    ("[00:11:21 INFO]: Starting minecraft server version 1.13.2", ServerVersionSeen("1.13.2")),
    ("[00:11:34 WARN]: The server will make no attempt to authenticate usernames. Beware.", None),
    ("[00:12:10 INFO]: <Fallen_Breath> test", None),
    ("[00:12:13 INFO]: <Fallen_Breath> !!qwq", None),
    (
        "[00:11:54 INFO]: Fallen_Breath[/127.0.0.1:11115] logged in with entity id 665 at "
        "([world]124.37274191311167, 279.4052172954894, 141.89424426399407)",
        PlayerJoined("Fallen_Breath"),
    ),
    ("[00:11:58 INFO]: Invalid name or UUID", None),
    (
        "[00:12:25 INFO]: Fallen_Breath lost connection: Disconnected",
        PlayerLeft("Fallen_Breath", "Disconnected"),
    ),
    ("[00:12:25 INFO]: Fallen_Breath left the game", PlayerLeft("Fallen_Breath")),
    ("[00:12:27 INFO]: Stopping the server", None),
    ("[00:12:27 INFO]: Stopping server", ServerStopping()),
    ('[00:11:46 INFO]: Done (12.080s)! For help, type "help"', ServerStarted(None)),
    ("[00:11:46 INFO]: RCON running on 0.0.0.0:25575", None),
]

# Forge 1.15.2 — MCDReforged tests/handler/test_forge_handler.py
FORGE_1152: list[Sample] = [
    (
        "[00:53:00] [modloading-worker-9/INFO] [ne.mi.co.ForgeMod/FORGEMOD]: Forge mod loading, version "
        "31.1.0, for MC 1.15.2 with MCP 20200122.131323",
        None,
    ),
    (
        "[00:52:59] [Server thread/INFO] [minecraft/DedicatedServer]: Starting minecraft server "
        "version 1.15.2",
        ServerVersionSeen("1.15.2"),
    ),
    (
        "[00:53:01] [Forge Version Check/INFO] [ne.mi.fm.VersionChecker/]: [forge] Found status: OUTDATED "
        "Current: 31.1.0 Target: 31.2.0",
        None,
    ),
    (
        '[00:53:15] [Server thread/INFO] [minecraft/DedicatedServer]: Done (4.505s)! For help, type "help"',
        ServerStarted(None),
    ),
    (
        "[00:55:00] [Server thread/INFO] [minecraft/PlayerList]: Fallen_Breath[/127.0.0.1:1079] logged in "
        "with entity id 312 at (154.2220250783568, 279.4052172954894, 134.95837063704676)",
        PlayerJoined("Fallen_Breath"),
    ),
    (
        "[00:55:00] [Server thread/INFO] [minecraft/ServerPlayNetHandler]: Fallen_Breath lost connection: "
        "Disconnected",
        PlayerLeft("Fallen_Breath", "Disconnected"),
    ),
    ("[00:55:36] [Server thread/INFO] [minecraft/DedicatedServer]: <Fallen_Breath> hi forge", None),
    (
        "[00:55:46] [Server thread/INFO] [minecraft/DedicatedServer]: [Fallen_Breath: Gave 1 [Acacia Button] "
        "to Fallen_Breath]",
        None,
    ),
    ("[01:01:13] [Server thread/INFO] [minecraft/MinecraftServer]: Stopping server", ServerStopping()),
]

# Fabric (loader's log4j layout) — lines quoted in public READMEs/tests found with the search tool
# (e.g. a Fabric mod's server log excerpt: "[Server thread/INFO] (Minecraft) Stopping server")
FABRIC: list[Sample] = [
    ("[13:48:10] [main/INFO] (FabricLoader) Loading 3 mods:", None),
    (
        "[17:58:27] [main/INFO] (FabricLoader/GameProvider) Loading Minecraft 26.1.2 with Fabric "
        "Loader 0.19.3",
        None,
    ),
    (
        "[13:48:12] [main/INFO] (Minecraft) Starting minecraft server version 26.1.1",
        ServerVersionSeen("26.1.1"),
    ),
    ('[13:48:25] [main/INFO] (Minecraft) Done (14.512s)! For help, type "help"', ServerStarted(None)),
    ('[17:58:38] [Server thread/INFO] (Minecraft) Done (0.429s)! For help, type "help"', ServerStarted(None)),
    ("[14:00:31] [Server thread/INFO] (Minecraft) [STDOUT]: Happened on server started", None),
    ("[14:08:03] [Server thread/INFO] (Minecraft) Stopping the server", None),
    ("[14:08:03] [Server thread/INFO] (Minecraft) Stopping server", ServerStopping()),
    ("[12:57:42] [Server thread/INFO] (Minecraft) Starting Minecraft server on *:25565", None),
    ("[14:00:31] [Worker-Main-4/INFO] (Minecraft) Preparing spawn area: 93%", None),
]

# Our own commands and triggers. Shapes from ARCHITECTURE §6.3 and the vanilla/Paper templates:
# Paper logs "<name> issued server command: <cmd>" (SpigotConfig.logCommands); vanilla's trigger
# feedback is "commands.trigger.set.success" = "Triggered %s (set value to %s)", broadcast to ops
# (sendSuccess(..., true)) as "chat.type.admin" = "[%s: %s]" and logged with logAdminCommands.
DFG_LINES: list[Sample] = [
    (
        "[12:34:56 INFO]: Steve issued server command: /dfg join",
        PlayerCommand("Steve", ("join",), TYPED),
    ),
    (
        "[12:34:56] [Server thread/INFO]: Steve issued server command: /dfg join",
        PlayerCommand("Steve", ("join",), TYPED),
    ),
    (
        "[12:34:56] [Server thread/INFO]: Alex_01 issued server command: /daifugo start cpu",
        PlayerCommand("Alex_01", ("start", "cpu"), TYPED),
    ),
    (
        "[12:34:56] [Server thread/INFO]: Steve issued server command: /dfg",
        PlayerCommand("Steve", (), TYPED),
    ),
    (
        "[12:34:56] [Server thread/INFO]: Steve issued server command: /DFG  play   S3 H3",
        PlayerCommand("Steve", ("play", "S3", "H3"), TYPED),
    ),
    ("[12:34:56] [Server thread/INFO]: Steve issued server command: /dfgx join", None),
    ("[12:34:56] [Server thread/INFO]: Steve issued server command: /trigger dfg set 105", None),
    ("[12:34:56] [Server thread/INFO]: Steve issued server command: /msg Alex /dfg leave", None),
    (
        "[12:34:56] [Server thread/INFO]: [Steve: Triggered [dfg] (set value to 105)]",
        TriggerFired("Steve", "dfg", 105),
    ),
    (
        "[12:34:56 INFO]: [.Bedrock_Kid: Triggered [dfg] (set value to 7)]",
        TriggerFired(".Bedrock_Kid", "dfg", 7),
    ),
    ("[12:34:56] [Server thread/INFO]: [Steve: Triggered [dfg] (added 5 to value)]", None),
    ("[12:34:56] [Server thread/INFO]: [Steve: Triggered [other] (set value to 105)]", None),
    ("[12:34:56] [Server thread/INFO]: <Steve> !dfg join", PlayerCommand("Steve", ("join",), CHAT)),
    (
        "[12:34:56] [Server thread/INFO]: [Not Secure] <Steve> !dfg play S3 H3",
        PlayerCommand("Steve", ("play", "S3", "H3"), CHAT),
    ),
    (
        "[12:34:56] [Async Chat Thread - #0/INFO]: [Not Secure] <Steve> !DFG leave",
        PlayerCommand("Steve", ("leave",), CHAT),
    ),
    ("[12:34:56 INFO]: <Steve> !dfg", PlayerCommand("Steve", (), CHAT)),
    ("[12:34:56 INFO]: <Steve> !dfgjoin", None),
    ("[12:34:56 INFO]: <Steve> hello !dfg join", None),
    (
        "[12:34:56] [Server thread/INFO]: Steve (formerly known as Steeve) joined the game",
        PlayerJoined("Steve"),
    ),
    (
        "[12:34:56] [Server thread/INFO]: Steve lost connection: Timed out",
        PlayerLeft("Steve", "Timed out"),
    ),
    # a connection that never became a player (e.g. not white-listed) is not a leave
    (
        "[12:34:56] [Server thread/INFO]: Steve (/127.0.0.1:50322) lost connection: You are not white-listed "
        "on this server!",
        None,
    ),
    (
        "[12:34:56] [Server thread/INFO]: Starting minecraft server version 1.21.6",
        ServerVersionSeen("1.21.6"),
    ),
    (
        "[12:34:56] [Server thread/INFO]: Starting minecraft server version 24w14a",
        ServerVersionSeen("24w14a"),
    ),
    # our own commands echoed by broadcast-rcon-to-ops
    ("[12:34:56] [Server thread/INFO]: [Rcon: Set [dfg] for Steve to 0]", None),
    ("[12:34:56] [Server thread/INFO]: [Rcon: Created new objective [dfg]]", None),
]

ALL: list[Sample] = [
    *VANILLA_113,
    *VANILLA_172,
    *VANILLA_117,
    *PAPER_FILE_1164,
    *SPIGOT_114,
    *PAPER_CONSOLE_1132,
    *FORGE_1152,
    *FABRIC,
    *DFG_LINES,
]
