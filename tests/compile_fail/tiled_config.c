/* SPDX-License-Identifier: BSD-3-Clause */
/* One TiledLUpp configuration, given entirely by -D flags: the negative
   tests give it a knob the header must reject, the positive control a valid
   set, so that the harness is shown able to pass a good file. */
#include <tdls/tiled_lupp.h>

int main(void) {
    return 0;
}
