/* SPDX-License-Identifier: BSD-3-Clause */
/* One CooperativeLUpp configuration, given entirely by -D flags: the
   negative tests give it a knob the header must reject, the positive
   control a valid set. */
#include <tdls/coop_lupp.h>

int main(void) {
    return 0;
}
