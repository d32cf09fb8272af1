"""Starts the box's voice server (COMMAND), has it speak SENTENCE once without the model's random
variation (noise_scale and noise_w_scale 0: the same clip every time), writes the clip as a WAV
file and prints one line of JSON: the voice, its rate, the clip's samples and seconds, its
integrated loudness (EBU R 128, measured with libebur128), and the seconds the load and the
speech took.

    python3 speak.py --wav OUT.wav --text SENTENCE -- COMMAND [ARG...]
"""
import argparse
import ctypes
import json
import struct
import subprocess
import sys
import time
import wave


def loudness(samples: bytes, rate: int) -> float:
    lib = ctypes.CDLL("libebur128.so.1")
    lib.ebur128_init.restype = ctypes.c_void_p
    lib.ebur128_init.argtypes = [ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    lib.ebur128_add_frames_short.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.ebur128_loudness_global.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double)]
    lib.ebur128_destroy.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    mode_i = (1 << 2) | (1 << 0)  # EBUR128_MODE_I
    state = ctypes.c_void_p(lib.ebur128_init(1, rate, mode_i))
    if not state.value:
        raise RuntimeError("ebur128_init failed")
    lib.ebur128_add_frames_short(state, samples, len(samples) // 2)
    value = ctypes.c_double()
    if lib.ebur128_loudness_global(state, ctypes.byref(value)) != 0:
        raise RuntimeError("ebur128_loudness_global failed")
    lib.ebur128_destroy(ctypes.byref(state))
    return value.value


def read_exact(pipe, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = pipe.read(n - len(data))
        if not chunk:
            raise RuntimeError(f"the voice server ended after {len(data)} of {n} bytes")
        data += chunk
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wav", required=True)
    parser.add_argument("--text", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    started = time.monotonic()
    server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    ready = json.loads(server.stdout.readline() or b"{}")
    if not ready.get("ready"):
        print(json.dumps({"ok": False, "error": ready.get("error", "the voice server did not start")}))
        return 1
    loaded = time.monotonic()
    request = {"text": args.text, "length_scale": 1.0, "volume": 1.0, "noise_scale": 0.0, "noise_w_scale": 0.0}
    server.stdin.write((json.dumps(request) + "\n").encode())
    server.stdin.flush()
    tag = read_exact(server.stdout, 4)
    (size,) = struct.unpack("<I", read_exact(server.stdout, 4))
    payload = read_exact(server.stdout, size)
    spoken = time.monotonic()
    server.stdin.close()
    server.wait(timeout=60)
    if tag != b"PCM ":
        print(json.dumps({"ok": False, "error": payload.decode(errors="replace")}))
        return 1
    rate = int(ready["sample_rate"])
    with wave.open(args.wav, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(payload)
    print(json.dumps({"ok": True, "voice": ready.get("voice"), "version": ready.get("version"), "rate": rate,
                      "samples": len(payload) // 2, "seconds": round(len(payload) / 2 / rate, 4),
                      "lufs": round(loudness(payload, rate), 2), "load_s": round(loaded - started, 1),
                      "speak_s": round(spoken - loaded, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
