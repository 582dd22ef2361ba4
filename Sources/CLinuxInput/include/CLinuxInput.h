// The Linux input ioctls labkiosk uses, as functions: their request numbers are
// function-like macros (EVIOCGABS(abs), EVIOCGBIT(ev, len)...) that Swift cannot import.
// Every function returns the ioctl's result, or -errno when it fails.
#ifndef CLINUXINPUT_H
#define CLINUXINPUT_H

#include <linux/input.h>

/// EVIOCGNAME: the device's name, NUL-terminated in `buffer`.
int clinput_name(int fd, char *buffer, int length);
/// EVIOCGID: bus, vendor, product, version.
int clinput_id(int fd, struct input_id *id);
/// EVIOCGBIT: the bitmap of codes of event `type` (0: the bitmap of event types).
int clinput_bits(int fd, int type, unsigned char *buffer, int length);
/// EVIOCGABS: one absolute axis's value, range, fuzz, flat and resolution.
int clinput_abs(int fd, int code, struct input_absinfo *info);
/// EVIOCGKEY: the bitmap of keys held down now.
int clinput_key_state(int fd, unsigned char *buffer, int length);
/// EVIOCSCLOCKID: which clock stamps this reader's events (CLOCK_MONOTONIC for labkiosk).
int clinput_set_clock(int fd, int clock_id);
/// EVIOCGRAB: 1 takes the device for this file descriptor alone, 0 gives it back.
int clinput_grab(int fd, int grab);

// uinput, to create a real virtual device where the kernel has it (tests).
int clinput_uinput_enable_type(int fd, int type);
int clinput_uinput_enable_key(int fd, int code);
int clinput_uinput_enable_abs(int fd, int code);
int clinput_uinput_setup(int fd, const char *name, int vendor, int product);
int clinput_uinput_abs_setup(int fd, int code, int minimum, int maximum, int fuzz, int flat);
int clinput_uinput_create(int fd);
int clinput_uinput_destroy(int fd);
/// UI_GET_SYSNAME: the created device's sysfs name (`inputN`).
int clinput_uinput_sysname(int fd, char *buffer, int length);

#endif
