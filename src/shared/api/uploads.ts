/** What every upload route answers when the upload breaks the rules all uploads follow (docs/decisions/0019). */
export const uploadMessages = {
  lengthRequired: 'The upload must state its length (Content-Length): send the file from a browser form or with a client that does.',
  fileNameInvalid: 'The file name must not contain control characters or path separators ("/" or "\\"), and has at most 255 characters.',
} as const;

/** The longest file name accepted: what common file systems allow. */
export const maxUploadFileNameLength = 255;
