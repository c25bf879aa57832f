# syntax=docker/dockerfile:1
#
# One image per deployable, chosen by the APP build argument:
#   docker build --build-arg APP=catalog -t fintech-subscriptions/catalog .
# APP is one of catalog, identity, tenancy, billing, monitoring, gateway, demo-tenant-app. The build stage is the
# same for every APP, so building several images compiles the monorepo once.
#
# The bundles (scripts/build-service.mjs) inline the @app/* workspaces and load every other package from
# node_modules, so the runtime stage carries the production dependencies installed from the same lockfile, at
# the same paths the build resolved them. Each image keeps the repository layout under /app for that reason.

ARG APP

FROM node:22-slim AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund && npm run build

# Production dependencies only. npm ci checks the lockfile against every workspace, so it gets every manifest;
# install scripts stay off (the production packages ship prebuilt binaries). The @app/* links point at source
# folders the runtime image does not carry, and nothing loads them: the bundles inline those packages.
FROM node:22-slim AS deps
WORKDIR /deps
COPY --from=build /src/package.json /src/package-lock.json /src/.npmrc ./
RUN --mount=type=bind,from=build,source=/src,target=/src \
    cd /src \
    && find . -name node_modules -prune -o -name package.json -print | xargs cp --parents -t /deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && rm -rf node_modules/@app \
    && mkdir /out \
    && find . -name node_modules -prune -print | xargs cp -a --parents -t /out

FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    HEALTH_PATH=/health/live
WORKDIR /app
COPY --from=deps /out/ /app/
# Fetch is built into Node 22; the slim image has no curl. PORT is set by each APP stage below.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + process.env.HEALTH_PATH).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

FROM runtime AS app-catalog
COPY --from=build /src/services/catalog/dist /app/services/catalog/dist
COPY --from=build /src/services/catalog/migrations /app/services/catalog/migrations
WORKDIR /app/services/catalog
ENV PORT=3001
EXPOSE 3001

FROM runtime AS app-identity
COPY --from=build /src/services/identity/dist /app/services/identity/dist
COPY --from=build /src/services/identity/migrations /app/services/identity/migrations
WORKDIR /app/services/identity
ENV PORT=3002
EXPOSE 3002

FROM runtime AS app-tenancy
COPY --from=build /src/services/tenancy/dist /app/services/tenancy/dist
COPY --from=build /src/services/tenancy/migrations /app/services/tenancy/migrations
WORKDIR /app/services/tenancy
ENV PORT=3003
EXPOSE 3003

FROM runtime AS app-billing
COPY --from=build /src/services/billing/dist /app/services/billing/dist
COPY --from=build /src/services/billing/migrations /app/services/billing/migrations
WORKDIR /app/services/billing
ENV PORT=3004
EXPOSE 3004

FROM runtime AS app-monitoring
COPY --from=build /src/services/monitoring/dist /app/services/monitoring/dist
COPY --from=build /src/services/monitoring/migrations /app/services/monitoring/migrations
WORKDIR /app/services/monitoring
ENV PORT=3005
EXPOSE 3005

# The gateway also serves the built front end: the shell at / and each remote at /remotes/<name>/.
FROM runtime AS app-gateway
COPY --from=build /src/gateway/dist /app/gateway/dist
COPY --from=build /src/shell/dist /app/shell/dist
COPY --from=build /src/mfe-customer/dist /app/mfe-customer/dist
COPY --from=build /src/mfe-admin/dist /app/mfe-admin/dist
WORKDIR /app/gateway
ENV PORT=8080 \
    WEB_ROOT=/app/shell/dist \
    WEB_REMOTES=mfe-customer=/app/mfe-customer/dist,mfe-admin=/app/mfe-admin/dist
EXPOSE 8080

# The demo tenant app answers /health only, and listens on 127.0.0.1 unless told otherwise.
FROM runtime AS app-demo-tenant-app
COPY --from=build /src/demo/tenant-app/dist /app/demo/tenant-app/dist
WORKDIR /app/demo/tenant-app
ENV PORT=4100 \
    HEALTH_PATH=/health
EXPOSE 4100

FROM app-${APP} AS final
ARG APP
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
