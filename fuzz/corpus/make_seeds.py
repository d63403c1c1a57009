#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (fuzz/corpus/<target>/), standard library only.

File names document the outcome tests/tst_fuzz_regressions.cpp expects: ok-* is accepted,
bad-* is refused with a clear error. Rerun after changing a preset: python3 fuzz/corpus/make_seeds.py
"""
import pathlib
import shutil
import struct

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def npy(descr, shape, data, version=(1, 0), fortran=False, header_extra=""):
    """A .npy file as numpy.save writes it: magic, version, header length, a dict padded to 64 bytes."""
    shape_text = "(" + "".join(f"{d}, " for d in shape).rstrip(" ")
    if len(shape) != 1:
        shape_text = shape_text.rstrip(",")
    shape_text += ")"
    header = f"{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': {shape_text}, {header_extra}}}"
    length_bytes = 2 if version[0] == 1 else 4
    preamble = 6 + 2 + length_bytes
    header += " " * ((64 - (preamble + len(header) + 1) % 64) % 64) + "\n"
    length = struct.pack("<H" if length_bytes == 2 else "<I", len(header))
    return b"\x93NUMPY" + bytes(version) + length + header.encode("latin-1") + data


def write(target, name, content):
    d = HERE / target
    d.mkdir(parents=True, exist_ok=True)
    if isinstance(content, list):
        content = "\n".join(content)
    (d / name).write_bytes(content if isinstance(content, bytes) else content.encode())


def npy_seeds():
    f4 = struct.pack("<6f", 0.5, -1.0, 65504.0, 1e-8, -0.0, 3.0)
    write("npy", "ok-f32-2x3.npy", npy("<f4", (2, 3), f4))
    write("npy", "ok-f32-special.npy", npy("<f4", (4,), struct.pack("<4f", float("nan"), float("inf"), float("-inf"), 2.0**-149)))
    write("npy", "ok-f32-scalar.npy", npy("<f4", (), struct.pack("<f", 1.5)))
    write("npy", "ok-f32-empty.npy", npy("<f4", (0, 2), b""))
    write("npy", "ok-f64-4.npy", npy("<f8", (4,), struct.pack("<4d", 0.1, -2.5, 1e300, 5e-324)))
    write("npy", "ok-i32-3.npy", npy("<i4", (3,), struct.pack("<3i", 0, -1, 2**31 - 1)))
    write("npy", "ok-i64-2x2.npy", npy("<i8", (2, 2), struct.pack("<4q", 0, 1, -(2**53), 2**53)))
    write("npy", "ok-u1-5.npy", npy("|u1", (5,), bytes([0, 1, 2, 128, 255])))
    write("npy", "ok-u1-little.npy", npy("<u1", (2,), bytes([7, 9])))
    write("npy", "ok-v2-f32.npy", npy("<f4", (2,), struct.pack("<2f", 1.0, 2.0), version=(2, 0)))
    write("npy", "ok-v3-i64.npy", npy("<i8", (1,), struct.pack("<q", 42), version=(3, 0)))
    write("npy", "bad-fortran.npy", npy("<f4", (2, 3), f4, fortran=True))
    write("npy", "bad-big-endian.npy", npy(">f4", (2,), struct.pack(">2f", 1.0, 2.0)))
    write("npy", "bad-dtype-f2.npy", npy("<f2", (2,), b"\x00\x3c\x00\x3c"))
    write("npy", "bad-truncated.npy", npy("<f4", (2, 3), f4[:-4]))
    write("npy", "bad-trailing.npy", npy("<f4", (2, 3), f4 + b"\0"))
    write("npy", "bad-i64-beyond-2p53.npy", npy("<i8", (1,), struct.pack("<q", 2**60)))
    write("npy", "bad-unknown-key.npy", npy("<f4", (1,), struct.pack("<f", 1.0), header_extra="'x': 1, "))
    write("npy", "bad-huge-shape.npy", npy("<f4", (2**40, 2**40), b""))
    write("npy", "bad-version-4.npy", npy("<f4", (1,), struct.pack("<f", 1.0), version=(4, 0)))
    write("npy", "bad-magic.npy", b"\x93NUMPZ\x01\x00\x10\x00{}")


def write_all(target, files):
    for name, content in files.items():
        write(target, name, content)


def scenario_json_seeds():
    for preset in sorted((ROOT / "resources" / "presets").glob("*.json")):
        shutil.copyfile(preset, HERE / "scenario_json" / f"ok-{preset.name}")
    write_all("scenario_json", {
        "ok-empty-object.json": "{}",
        "ok-adam-npy.json":
            '{"model": {"sizes": [3, 8, 2]}, "data": {"kind": "npy", "x": "x.npy", "y": "y.npy"},'
            ' "optimizer": {"name": "adam", "lr": 0.001, "beta2": 0.99}, "ops": {"softmax": "low"},'
            ' "policy": "cuda", "shuffle": true, "scaler": {"init_scale": 1024, "growth_interval": 10}}',
        "bad-unknown-key.json": '{"model": {"sizez": [2, 3]}}',
        "bad-lane.json": '{"lanes": ["cpu:f32", "cpu:f9"]}',
        "bad-width-zero.json": '{"model": {"sizes": [2, 0, 3]}}',
        "bad-fraction.json": '{"steps": 1.5}',
        "bad-not-an-object.json": "[1, 2]",
        "bad-syntax.json": '{"steps": 10,',
        # Experiment files (refused as presets: the outer object is not a scenario). The body reads each
        # as a file too; "  " first pads it to the 64 MiB limit (third byte even) or one byte past it (odd).
        "bad-experiment.json": '{"presisi_experiment": 1, "scenario": {"steps": 5, "seed": 18446744073709551615}}',
        "bad-experiment-lr-beyond-the-option.json": '{"presisi_experiment": 1, "scenario": {"optimizer": {"lr": 1e30}}}',
        "bad-experiment-lane-twice.json": '{"presisi_experiment": 1, "scenario": {"lanes": ["cpu:f32", "cpu:f32"]}}',
        "bad-experiment-padded-to-the-limit.json": '   {"presisi_experiment": 1, "scenario": {"steps": 5}}',
        "bad-experiment-one-byte-over-the-limit.json": '  \t{"presisi_experiment": 1, "scenario": {"steps": 5}}',
    })


def train_args_seeds():
    # One argument a line, as the train_args target splits its input.
    write_all("train_args", {
        "ok-defaults.txt": [],
        "ok-soak.txt": ["--sizes", "2,16,3", "--lanes", "cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler", "--steps", "1000000",
                        "--every", "100000"],
        "ok-preset.txt": ["--preset", "underflow", "--lr", "10"],
        "ok-ops.txt": ["--op", "softmax=low,loss=f32,reduction=as-input", "--policy", "cuda", "--backward-acc", "storage"],
        "ok-lanes.txt": ["--lanes", "cpu:f16+scaler+ftz,gpu:bf16,f32"],
        "ok-data.txt": ["--data", "x.npy", "--targets", "y.npy", "--sizes", "3,4,2"],
        "ok-scaler.txt": ["--lanes=cpu:f16+scaler", "--init-scale", "1e-30", "--growth-factor", "2", "--backoff-factor", "0.5"],
        "bad-width.txt": ["--sizes", "2,0,3"],
        "bad-lane.txt": ["--lanes", "cpu:f8"],
        "bad-op.txt": ["--op", "softmax"],
        "bad-lr-nan.txt": ["--lr", "nan"],
        "bad-option.txt": ["--bogus"],
        "bad-twice.txt": ["--steps", "1", "--steps", "2"],
    })


def inspect_seeds():
    for name, value in [("65520", "65520"), ("minus-0.1", "-0.1"), ("1e-8", "1e-8"), ("hex", "0x3c00"),
                        ("nan", "nan"), ("minus-inf", "-inf"), ("minus-0", "-0"), ("hexfloat", "0x1p-24")]:
        write("inspect", f"ok-{name}.txt", value)
    write_all("inspect", {
        "ok-json.txt": ["65520", "-0.1", "1e-8", "--json"],
        "ok-formats.txt": ["--formats", "f16,bf16", "0.001253", "3.4e38"],
        "bad-word.txt": ["abc"],
        "bad-format.txt": ["1", "--formats", "f8"],
        "bad-no-value.txt": ["--json"],
    })


def settings_seeds():
    # QSettings' INI files as the window writes them (bad-*: some value falls back to its default).
    write_all("settings", {
        "ok-saved.ini": "[window]\ntextScale=1.25\npage=1\ndark=true\n\n[export]\nfontScale=2\nwidth=1920\nformat=svg\n"
                        "\n[ui]\nlanguage=id\n",  # keys the reader does not check are left alone
        "ok-empty.ini": "",
        "ok-window-only.ini": "[window]\ntextScale=2\npage=4\ndark=false\n",
        "ok-other-keys.ini": "[experiments]\nrecent=/a.presisi.json, /b.presisi.json\n[training]\npreset=underflow\n",
        "bad-text-scale-nan.ini": "[window]\ntextScale=nan\n",
        "bad-page-99.ini": "[window]\npage=99\n",
        "bad-dark-maybe.ini": "[window]\ndark=maybe\n",
    })


if __name__ == "__main__":
    for target in ("npy", "scenario_json", "train_args", "inspect", "settings"):
        shutil.rmtree(HERE / target, ignore_errors=True)
        (HERE / target).mkdir()
    npy_seeds()
    scenario_json_seeds()
    train_args_seeds()
    inspect_seeds()
    settings_seeds()
