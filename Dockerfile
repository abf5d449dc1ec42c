# Folio as a container image: built on the Swift image, run on debian:bookworm-slim from the same .deb
# that `make deb` makes (scripts/test-deb.sh checks that package in a clean Debian 12 root).
#   docker build -t folio:0.1.0 .
#   docker run --rm -v "$PWD:/data" folio:0.1.0 report portfolio --db folio.sqlite --portfolio "Demo UAH" --out r.pdf
FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY . .
RUN make deb

FROM debian:bookworm-slim
COPY --from=build /src/out/folio_*.deb /tmp/
# libcurl4 is what `folio fetch` and `folio mail` load; ca-certificates lets them verify TLS.
RUN apt-get update \
    && apt-get install -y --no-install-recommends /tmp/folio_*.deb libcurl4 ca-certificates \
    && rm -rf /var/lib/apt/lists/* /tmp/folio_*.deb \
    && useradd --system --create-home --home-dir /home/folio folio \
    && mkdir -p /data && chown folio /data
USER folio
WORKDIR /data
ENV FOLIO_DB=/data/folio.sqlite
ENTRYPOINT ["folio"]
CMD ["--help"]
