#!/bin/bash
# Runs on the device machine from the extracted kit ($KIT): installs the Vulkan loader,
# builds the two indexes (once), and runs the evaluation jobs in parallel until
# $DEADLINE_S seconds from now; then packs the results and logs into $OUT/results.tar.gz.
# Each job resumes from the rows already in its folder (res/NAME), so a second call
# carries on where a first one stopped.
#
# JOBS=device runs the list below; JOBS=smoke one biography at arity 1, on any machine.
set -u
KIT=${KIT:?}; OUT=${OUT:?}; DEADLINE_S=${DEADLINE_S:-420}; JOBS=${JOBS:-device}
start=$(date +%s)
cd "$KIT"
if [ "$JOBS" = device ]; then
  for f in "$KIT"/*.deb; do dpkg -x "$f" /; done
  ldconfig
  icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  [ -f $icd ] && export VK_DRIVER_FILES=$icd VK_ICD_FILENAMES=$icd
  (nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; nproc; free -g) > "$OUT/gpu.txt" 2>&1
fi
N="$KIT/bin/node"; CLI="$KIT/app/dist/cli.js"
[ -f court.unl ] || "$N" "$CLI" index court.unl data/court-collection.jsonl --name court --quiet >> "$OUT/index.log" 2>&1
[ -f bios.unl ] || "$N" "$CLI" index bios.unl data/biographies.jsonl --name biographies --quiet >> "$OUT/index.log" 2>&1
M="$KIT/models"
# The same flags as EVALUATION.md's CPU runs (threads are not part of the resume key).
MODELS="--embedding-model $M/all-MiniLM-L6-v2-F32.gguf --perplexity-model $M/SmolLM2-135M-Instruct.Q4_1.gguf --llm-model $M/SmolLM2-135M-Instruct.Q4_1.gguf --llm-threads 2 --model-threads 1"
COMMON="--no-figure --no-semantic-linkage --quiet"
# name db input method offset limit
if [ "$JOBS" = device ]; then
  JOBLIST="cs3a court.unl data/court-test31.jsonl.gz llm-spans-arity-3 0 8
cs3b court.unl data/court-test31.jsonl.gz llm-spans-arity-3 8 8
cs3c court.unl data/court-test31.jsonl.gz llm-spans-arity-3 16 8
cs3d court.unl data/court-test31.jsonl.gz llm-spans-arity-3 24 7
cbla court.unl data/court-test31.jsonl.gz llm-baseline 0 8
cblb court.unl data/court-test31.jsonl.gz llm-baseline 8 8
cblc court.unl data/court-test31.jsonl.gz llm-baseline 16 8
cbld court.unl data/court-test31.jsonl.gz llm-baseline 24 7
bs1a bios.unl data/biographies-deidentified.jsonl.gz llm-spans-arity-1 0 50
bs3a bios.unl data/biographies-deidentified.jsonl.gz llm-spans-arity-3 0 25
bs3b bios.unl data/biographies-deidentified.jsonl.gz llm-spans-arity-3 25 25
bbla bios.unl data/biographies-deidentified.jsonl.gz llm-baseline 0 25
bblb bios.unl data/biographies-deidentified.jsonl.gz llm-baseline 25 25"
else
  JOBLIST="smoke bios.unl data/biographies-deidentified.jsonl.gz llm-spans-arity-1 0 1"
fi
left=$((DEADLINE_S - ($(date +%s) - start)))
echo "running jobs for at most $left s"
mkdir -p "$KIT/res"
pids=()
while read -r name db input method offset limit; do
  mkdir -p "$KIT/res/$name"
  (
    timeout --signal=INT --kill-after=20 $left "$N" "$CLI" evaluate "$db" "$input" --method "$method" --offset "$offset" --limit "$limit" \
      $MODELS $COMMON --out "$KIT/res/$name" --title "$name" > "$KIT/res/$name/stdout.log" 2> "$KIT/res/$name/stderr.log"
    echo "$name exit $? after $(($(date +%s) - start)) s" >> "$KIT/res/exits.log"
  ) &
  pids+=($!)
done <<< "$JOBLIST"
# GPU use every 20 s: the evidence of where the models ran.
(while sleep 20; do echo "t=$(($(date +%s) - start))"; nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader 2> /dev/null; uptime; done) > "$KIT/res/monitor.log" 2>&1 &
monitor=$!
wait "${pids[@]}"
kill $monitor 2> /dev/null
cat "$KIT/res/exits.log"
cp "$OUT"/*.txt "$OUT"/index.log "$KIT/res/" 2> /dev/null
tar czf "$OUT/results.tar.gz" -C "$KIT" res
echo "done after $(($(date +%s) - start)) s"
