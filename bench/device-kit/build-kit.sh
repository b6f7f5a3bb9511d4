#!/bin/bash
# Packs what an evaluation run needs onto a GPU machine that has neither Node nor a
# network (the device machine this workplace lends now and then): Node itself, the CLI
# bundled, the native packages with node-llama-cpp's Vulkan and CPU prebuilts, the real
# small models, the court and biography data and the Vulkan loader. The kit is one
# xz-compressed tar split into pieces small enough for one transfer each
# ($KIT_DIR/p1 … pN, the run script beside the last piece).
#
# Why Vulkan and not CUDA: the CUDA prebuilt (CUDA 13, which the lent machine has)
# compresses to 125 MB against the Vulkan one's 9 MB, and every transfer is capped.
#
# Usage, from the project root after `npm ci` and `npm run models:fetch`:
#   bash bench/device-kit/build-kit.sh           # pieces in .devkit (ignored by git)
# Then, on the device, per piece: copy it into one folder; after the last:
#   cat kit.tar.xz.part-* | xz -d | tar x && KIT=$PWD OUT=… bash device-run.sh
set -euo pipefail
KIT_DIR=${KIT_DIR:-.devkit}
PIECES=${PIECES:-4}
SHARED=${UNLINKABLE_SHARED:-../shared}
stage="$KIT_DIR/stage"
rm -rf "$KIT_DIR"; mkdir -p "$stage/app/dist" "$stage/app/node_modules/@node-llama-cpp" "$stage/models" "$stage/data" "$stage/bin"

node bench/device-kit/bundle.mjs "$stage/app/dist"
echo '{"type":"module"}' > "$stage/app/dist/package.json"
cp package.json "$stage/app/"
cp "$(command -v node)" "$stage/bin/node"

for name in $(node bench/device-kit/native-closure.mjs); do
  mkdir -p "$stage/app/node_modules/$(dirname "$name")"
  cp -a "node_modules/$name" "$stage/app/node_modules/$name"
done
# Sources and build leftovers the run never reads.
rm -rf "$stage/app/node_modules/node-llama-cpp/llama/llama.cpp" "$stage/app/node_modules/node-llama-cpp/llama/gitRelease.bundle" \
  "$stage/app/node_modules/better-sqlite3/deps" "$stage/app/node_modules/better-sqlite3/src" \
  "$stage/app/node_modules/better-sqlite3/build/Release/obj"* "$stage/app/node_modules/better-sqlite3/build/Release/.deps" \
  "$stage/app/node_modules/better-sqlite3/build/deps"
cp -a node_modules/@node-llama-cpp/linux-x64-vulkan node_modules/@node-llama-cpp/linux-x64 "$stage/app/node_modules/@node-llama-cpp/"
# ggml picks the best CPU variant the processor supports; the older ones only add bytes.
for variant in cannonlake cascadelake cooperlake ivybridge piledriver sandybridge; do
  rm "$stage/app/node_modules/@node-llama-cpp/"linux-x64*/bins/linux-x64*/libggml-cpu-$variant.so
done

cp models/real/SmolLM2-135M-Instruct.Q4_1.gguf models/real/all-MiniLM-L6-v2-F32.gguf "$stage/models/"
# Plain JSONL: the kit's compressor packs text better than gzip does (same documents,
# so the index's content hash and the evaluation's resume keys are the same).
zcat "$SHARED/data/court/collection.jsonl.gz" > "$stage/data/court-collection.jsonl"
zcat "$SHARED/data/wiki/biographies.jsonl.gz" > "$stage/data/biographies.jsonl"
cp "$SHARED/data/wiki/biographies-deidentified.jsonl.gz" "$stage/data/"
# The 31 judgments of TAB's test split, shortest first (as EVALUATION.md's court-test31).
python3 - "$SHARED/data/court/deidentified.jsonl.gz" "$stage/data/court-test31.jsonl.gz" <<'PY'
import gzip, json, sys
rows = [l for l in gzip.open(sys.argv[1], 'rt')]
test = sorted((l for l in rows if json.loads(l)['split'] == 'test'), key=lambda l: len(json.loads(l)['text']))
with gzip.open(sys.argv[2], 'wt') as f:
    f.writelines(test)
PY

# The Vulkan loader, as the device's README says to bring it.
if ! ls .gl/libvulkan1_*.deb > /dev/null 2>&1; then
  mkdir -p .gl /tmp/amd64/partial
  o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
  apt-get $o update > /dev/null
  (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
fi
cp .gl/*.deb "$stage/"

(cd "$stage" && tar cf - . | xz -9 -T2 > ../kit.tar.xz)
rm -rf "$stage"
split -n "$PIECES" -d "$KIT_DIR/kit.tar.xz" "$KIT_DIR/kit.tar.xz.part-"
i=1
for piece in "$KIT_DIR"/kit.tar.xz.part-*; do mkdir -p "$KIT_DIR/p$i"; mv "$piece" "$KIT_DIR/p$i/"; i=$((i + 1)); done
cp bench/device-kit/device-run.sh "$KIT_DIR/p$((i - 1))/"
ls -la "$KIT_DIR"/p*
