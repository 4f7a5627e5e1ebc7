"""The extension nonet._nonet is built by this project's own CMake build
(-DNONET_PYTHON=ON, the library and the module only) for the interpreter that
runs the build; see pyproject.toml."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def version() -> str:
    """The version written once, in CMakeLists.txt's project()."""
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(nonet VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        build = Path(self.build_temp).resolve() / "cmake"
        jobs = os.environ.get("NONET_JOBS", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        "-DNONET_PYTHON=ON", "-DNONET_CLI=OFF", "-DNONET_TESTS=OFF", "-DNONET_BENCH=OFF",
                        "-DNONET_INSTALL=OFF", f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "nonet_python", "-j", jobs], check=True)
        built = next((build / "python" / "nonet").glob("_nonet*.so"))
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    version=version(),
    package_dir={"": "python"},
    packages=["nonet"],
    package_data={"nonet": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("nonet._nonet", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
