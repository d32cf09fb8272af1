# Sourced by Tests/cli/run.sh (uses its BIN, WORK, ROOT, expect_exit, ok and bad): the files and
# numbers of issue 28 that once read without end, blocked, trapped or were accepted.
H="$WORK/hostile"
mkdir -p "$H"

# A board profile or configuration that is not a regular file is refused at once, naming it.
expect_exit "config check --board /dev/zero is refused, not read" 78 "/dev/zero.*a device, not a regular file" -- \
  timeout 20 "$BIN" config check config/sleepbox.toml --board /dev/zero
mkfifo "$H/profile.fifo"
expect_exit "config check --board FIFO is refused, not waited on" 78 "profile.fifo.*a FIFO, not a regular file" -- \
  timeout 20 "$BIN" config check config/sleepbox.toml --board "$H/profile.fifo"
printf '[board]\nprofile = "/dev/urandom"\n' >"$H/urandom.toml"
expect_exit "[board] profile = /dev/urandom is refused" 78 "/dev/urandom.*a device, not a regular file" -- \
  timeout 20 "$BIN" config check "$H/urandom.toml"
expect_exit "a FIFO named as the configuration is refused" 78 "profile.fifo.*a FIFO, not a regular file" -- \
  timeout 20 "$BIN" config check "$H/profile.fifo"

# Steps and intervals have a shortest length, in the configuration as in the state file.
printf '[meditation]\nbreathing = "0.0001-0.0001"\n' >"$H/breath.toml"
expect_exit "a breathing step of 0.0001 s is refused with its line" 78 "breath.toml:2.*0.5 to 30" -- \
  "$BIN" config check "$H/breath.toml"
printf '[meditation]\nbell_every_minutes = 0.0001\n' >"$H/bell.toml"
expect_exit "a bell every 0.0001 minutes is refused with its line" 78 "bell.toml:2.*too often for a bell" -- \
  "$BIN" config check "$H/bell.toml"

# An escaped NUL cuts a TOML string short: refused where it is written.
printf '[paths]\nuser_content = "/tmp/a\\u0000/etc"\n' >"$H/nul.toml"
expect_exit "\\u0000 in [paths] is refused with its line" 78 "nul.toml:2.*NUL" -- "$BIN" config check "$H/nul.toml"
printf '{"at":"0s","setting":"a\\u0000b","value":"x"}\n' >"$H/nul.jsonl"
expect_exit "\\u0000 in a simulator script is refused with its line" 65 "nul.jsonl:1.*NUL" -- \
  "$BIN" simulate --script "$H/nul.jsonl"

# play: numbers it cannot convert, and rates it would not play at.
python3 -c "import wave; w = wave.open('$H/tone.wav', 'wb'); w.setnchannels(1); w.setsampwidth(2); w.setframerate(48000); w.writeframes(bytes(9600)); w.close()"
for value in 1e15 inf nan 1e308 -1; do
  expect_exit "play --fade-out-after $value exits 64" 64 "fade-out-after must be 0 to" -- \
    "$BIN" play "$H/tone.wav" --null "--fade-out-after=$value"
done
expect_exit "play --rate 1 exits 64" 64 "rate must be 8000 to 192000" -- "$BIN" play "$H/tone.wav" --null --rate 1
