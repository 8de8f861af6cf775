# Build and run image for Fly.io (fly.toml). Not built in CI: this machine has no Docker engine.
FROM rust:1.95-bookworm AS build
WORKDIR /app
COPY . .
RUN cargo build --release --locked --bin ozer

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/target/release/ozer /usr/local/bin/ozer
ENV OZER_BIND=0.0.0.0:8080
EXPOSE 8080
CMD ["ozer", "serve"]
