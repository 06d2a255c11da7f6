// Copying libpng's messages into the caller's fixed buffers.

#ifndef ICONMORPH_ERROR_MESSAGE_H
#define ICONMORPH_ERROR_MESSAGE_H

#include <string.h>

#include "CPngFullAPI.h"

/// Copies `text` into `message` (`IM_PNG_MESSAGE_CAPACITY` bytes), cut to fit and always
/// terminated.
static inline void im_png_set_message(char *message, const char *text) {
    size_t length = strlen(text);
    if (length >= IM_PNG_MESSAGE_CAPACITY) length = IM_PNG_MESSAGE_CAPACITY - 1;
    memcpy(message, text, length);
    message[length] = '\0';
}

#endif
