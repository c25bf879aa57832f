# syntax=docker/dockerfile:1
#
# One image per deployable, chosen by the APP build argument:
#   docker build --build-arg APP=catalog -t fintech-subscriptions/catalog .
# APP is one of catalog, identity, tenancy, billing, monitoring, notifications, audit, gateway, demo-tenant-app. The build
# stage is the same for every APP, so building several images compiles the monorepo once.
#
# Each image carries what its deployable loads and nothing else: scripts/assemble-runtime.mjs traces every
# require of the bundles (scripts/build-service.mjs inlines the @app/* workspaces and leaves other packages to
# node_modules) and adds what is read by path (migrations, the gateway's front-end builds). A service's image so
# holds its own production dependencies, not the front end's or the tests' (about 45 MB instead of 440 MB), at
# the paths the build resolved them; scripts/test/runtime-files.test.ts starts every deployable from that set.

ARG APP

FROM node:22-slim AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund && npm run build

FROM build AS assemble
ARG APP
RUN node scripts/assemble-runtime.mjs "$APP" /out

FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    HEALTH_PATH=/health/live
WORKDIR /app
# Fetch is built into Node 22; the slim image has no curl. PORT is set by each APP stage below.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + process.env.HEALTH_PATH).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

FROM runtime AS app-catalog
WORKDIR /app/services/catalog
ENV PORT=3001
EXPOSE 3001

FROM runtime AS app-identity
WORKDIR /app/services/identity
ENV PORT=3002
EXPOSE 3002

FROM runtime AS app-tenancy
WORKDIR /app/services/tenancy
ENV PORT=3003
EXPOSE 3003

FROM runtime AS app-billing
WORKDIR /app/services/billing
ENV PORT=3004
EXPOSE 3004

FROM runtime AS app-monitoring
WORKDIR /app/services/monitoring
ENV PORT=3005
EXPOSE 3005

FROM runtime AS app-notifications
WORKDIR /app/services/notifications
ENV PORT=3006
EXPOSE 3006

FROM runtime AS app-audit
WORKDIR /app/services/audit
ENV PORT=3007
EXPOSE 3007

# The gateway also serves the built front end (in its file set): the shell at / and each remote at /remotes/<name>/.
FROM runtime AS app-gateway
WORKDIR /app/gateway
ENV PORT=8080 \
    WEB_ROOT=/app/shell/dist \
    WEB_REMOTES=mfe-customer=/app/mfe-customer/dist,mfe-admin=/app/mfe-admin/dist
EXPOSE 8080

# The demo tenant app answers /health only, and listens on 127.0.0.1 unless told otherwise.
FROM runtime AS app-demo-tenant-app
WORKDIR /app/demo/tenant-app
ENV PORT=4100 \
    HEALTH_PATH=/health
EXPOSE 4100

FROM app-${APP} AS final
ARG APP
COPY --from=assemble /out/ /app/
# Set by CI from the release and the commit; a local build says so.
ARG VERSION=dev
ARG REVISION=unknown
LABEL org.opencontainers.image.title="fintech-subscriptions-${APP}" \
      org.opencontainers.image.description="Fintech subscription platform: ${APP}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.base.name="docker.io/library/node:22-slim"
# The node user (uid 1000) of the base image; the files stay root-owned and read-only to it. The process
# writes nothing but logs to stdout, so the root filesystem can be mounted read-only (with a tmpfs on /tmp).
USER node
# A seed runs from the same image: docker run … node dist/seed.cjs (catalog, identity, tenancy, billing).
CMD ["node", "dist/server.cjs"]
