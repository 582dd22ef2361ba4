#include "CLinuxInput.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/uinput.h>

static int result(int r) { return r < 0 ? -errno : r; }

int clinput_name(int fd, char *buffer, int length) { return result(ioctl(fd, EVIOCGNAME(length), buffer)); }
int clinput_id(int fd, struct input_id *id) { return result(ioctl(fd, EVIOCGID, id)); }
int clinput_bits(int fd, int type, unsigned char *buffer, int length) { return result(ioctl(fd, EVIOCGBIT(type, length), buffer)); }
int clinput_abs(int fd, int code, struct input_absinfo *info) { return result(ioctl(fd, EVIOCGABS(code), info)); }
int clinput_key_state(int fd, unsigned char *buffer, int length) { return result(ioctl(fd, EVIOCGKEY(length), buffer)); }
int clinput_set_clock(int fd, int clock_id) { return result(ioctl(fd, EVIOCSCLOCKID, &clock_id)); }
int clinput_grab(int fd, int grab) { return result(ioctl(fd, EVIOCGRAB, grab)); }

int clinput_uinput_enable_type(int fd, int type) { return result(ioctl(fd, UI_SET_EVBIT, type)); }
int clinput_uinput_enable_key(int fd, int code) { return result(ioctl(fd, UI_SET_KEYBIT, code)); }
int clinput_uinput_enable_abs(int fd, int code) { return result(ioctl(fd, UI_SET_ABSBIT, code)); }

int clinput_uinput_setup(int fd, const char *name, int vendor, int product) {
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = (unsigned short)vendor;
    setup.id.product = (unsigned short)product;
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    return result(ioctl(fd, UI_DEV_SETUP, &setup));
}

int clinput_uinput_abs_setup(int fd, int code, int minimum, int maximum, int fuzz, int flat) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = (unsigned short)code;
    setup.absinfo.minimum = minimum;
    setup.absinfo.maximum = maximum;
    setup.absinfo.fuzz = fuzz;
    setup.absinfo.flat = flat;
    return result(ioctl(fd, UI_ABS_SETUP, &setup));
}

int clinput_uinput_create(int fd) { return result(ioctl(fd, UI_DEV_CREATE)); }
int clinput_uinput_destroy(int fd) { return result(ioctl(fd, UI_DEV_DESTROY)); }
int clinput_uinput_sysname(int fd, char *buffer, int length) { return result(ioctl(fd, UI_GET_SYSNAME(length), buffer)); }
