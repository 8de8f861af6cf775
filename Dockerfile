# Build and run image for Fly.io (fly.toml). Not built in CI: this machine has no Docker engine.
#
# Two stages: the toolchain image builds the release binary (dependencies first, in their own
# layer, so a source change does not rebuild them); the runtime image is Debian slim with only
# CA certificates and the binary, running as an unprivileged user.
FROM rust:1.95-bookworm AS build
WORKDIR /app
COPY Cargo.toml Cargo.lock ./
COPY migrations/Cargo.toml migrations/Cargo.toml
RUN mkdir -p src migrations/src examples \
 && echo 'fn main() {}' > src/main.rs && touch src/lib.rs migrations/src/lib.rs \
 && echo 'fn main() {}' > examples/loadbench.rs \
 && cargo build --release --locked --bin ozer || true
COPY . .
RUN touch src/main.rs src/lib.rs migrations/src/lib.rs && cargo build --release --locked --bin ozer

FROM debian:bookworm-slim AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --create-home ozer
COPY --from=build /app/target/release/ozer /usr/local/bin/ozer
USER ozer
WORKDIR /data
ENV OZER_BIND=0.0.0.0:8080
EXPOSE 8080
STOPSIGNAL SIGTERM
CMD ["ozer", "serve"]
