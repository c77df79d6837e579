# syntax=docker/dockerfile:1
# dfg-bridge — 大富豪 (Daifugo) on a Minecraft Java server over RCON, no plugin — as a small non-root image.
#
#   docker build -t dfg-bridge .
#   docker run --rm dfg-bridge --help
#
# deploy/docker-compose.yml runs it beside itzg/minecraft-server; docs/OPERATORS.md ("Docker") walks
# through it. The config is read from /config/dfg.yml (mount it read-only), the server's folder from
# /data (read-only: only logs/latest.log and server.properties are read), and the ledger of players'
# items is kept in /var/lib/dfg-bridge (a volume: it must survive restarts).

ARG PYTHON_VERSION=3.12

# Build wheels for dfg-bridge and its dependencies, so the final image needs no build tools. The C compiler
# lets setup.py compile the engine's hot modules with mypyc (dfg_bridge/engine/native.py): the strong CPU
# then searches about three times as many deals.
FROM python:${PYTHON_VERSION}-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md ./
COPY setup.py ./
COPY dfg_bridge ./dfg_bridge
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:${PYTHON_VERSION}-slim
LABEL org.opencontainers.image.title="dfg-bridge" \
      org.opencontainers.image.description="Daifugo (大富豪) on a Minecraft Java server over RCON, no plugin" \
      org.opencontainers.image.licenses="MIT"
ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY --from=build /wheels /tmp/wheels
RUN pip install --no-cache-dir /tmp/wheels/*.whl \
 && rm -rf /tmp/wheels \
 && groupadd --system --gid 10001 dfg \
 && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/dfg-bridge --shell /usr/sbin/nologin dfg \
 && mkdir -p /var/lib/dfg-bridge /config \
 && chown dfg:dfg /var/lib/dfg-bridge
# Never root: the daemon only needs to read the log and write its own ledger.
USER 10001:10001
WORKDIR /var/lib/dfg-bridge
VOLUME ["/var/lib/dfg-bridge"]
# /metrics (Prometheus) and /healthz.
EXPOSE 9108
# The slim image has no curl: the package ships its own probe of /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["python", "-m", "dfg_bridge.app.health", "--url", "http://127.0.0.1:9108/healthz"]
# SIGTERM ends every match and gives players their items back before the daemon exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["dfg-bridge"]
CMD ["run", "--config", "/config/dfg.yml", "--metrics-port", "9108", "--metrics-host", "0.0.0.0"]
