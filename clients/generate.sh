#!/bin/sh
# Regenerate the Python client (clients/python/ttr_client) from openapi.yaml with
# openapi-python-client, the version pinned in pyproject's test extras:
#     clients/generate.sh [OUTPUT_DIR]
# tests/unit/test_generated_client_is_current.py fails when the committed client is stale.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$root/clients/python/ttr_client"}
openapi-python-client generate --path "$root/openapi.yaml" --meta none \
    --config "$root/clients/python-config.yaml" --output-path "$out" --overwrite
