/**
 * Adds a photo of a pet with its upload's progress, for the photos section of its page: one file
 * at a time through XMLHttpRequest, the answer checked against the contract's `PetPhoto`.
 */
import { type ApiResult, PetstoreApiError, type RateLimitState } from '@pets/client';
import {
  ApiError,
  HEADERS,
  OPERATIONS,
  PetPhoto,
  PHOTO_BYTES_MAX,
  PHOTO_MEDIA_TYPES,
  type PhotoMediaType,
} from '@pets/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { photosChanged } from './pet-photos.js';

/** How much of a file has gone, from 0 to 1. */
export type UploadProgress = (sent: number) => void;

/** Whether `type` is one the API takes as a photo. */
export const isPhotoType = (type: string): type is PhotoMediaType =>
  (PHOTO_MEDIA_TYPES as readonly string[]).includes(type);

const integer = (value: string | null): number | undefined =>
  value !== null && /^[0-9]+$/.test(value) ? Number(value) : undefined;

/** The rate limit an answer reported, as the client reads it from the same headers. */
function rateLimitOf(request: XMLHttpRequest): RateLimitState | undefined {
  const limit = integer(request.getResponseHeader(HEADERS.rateLimitLimit));
  const remaining = integer(request.getResponseHeader(HEADERS.rateLimitRemaining));
  const reset = integer(request.getResponseHeader(HEADERS.rateLimitReset));
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return {
    limit,
    remaining,
    reset: new Date(reset * 1000),
    policy: request.getResponseHeader(HEADERS.rateLimitPolicy) ?? undefined,
  };
}

/** The JSON of an answer, or `undefined` when it is none. */
function jsonOf(request: XMLHttpRequest): unknown {
  try {
    return JSON.parse(request.responseText) as unknown;
  } catch {
    return undefined;
  }
}

/** An answer as the client would give it: the photo, or the PetstoreApiError it would throw. */
function answerOf(request: XMLHttpRequest): ApiResult<PetPhoto> {
  const requestId = request.getResponseHeader(HEADERS.requestId) ?? undefined;
  const rateLimit = rateLimitOf(request);
  const body = jsonOf(request);
  if (request.status === 201) {
    const photo = PetPhoto.safeParse(body);
    if (photo.success) return { data: photo.data, status: 201, requestId, rateLimit };
    throw new PetstoreApiError({
      kind: 'invalid_response',
      code: 'invalid_response',
      message: 'The answer to the upload is not a photo as the contract describes one.',
      status: request.status,
      requestId,
      rateLimit,
      cause: photo.error,
    });
  }
  const error = ApiError.safeParse(body);
  if (!error.success)
    throw new PetstoreApiError({
      kind: 'invalid_response',
      code: 'invalid_response',
      message: `The API answered ${String(request.status)} without an error body.`,
      status: request.status,
      requestId,
      rateLimit,
    });
  throw new PetstoreApiError({
    kind: 'api',
    code: error.data.code,
    message: error.data.message,
    status: request.status,
    details: error.data.details,
    requestId,
    retryAfter: integer(request.getResponseHeader(HEADERS.retryAfter)),
    rateLimit,
  });
}

/**
 * Sends `file` as a photo of pet `petId`, saying how much has gone as it goes.
 *
 * Not the client's `uploadPetPhoto`: it uses fetch, and fetch cannot tell how much of a request
 * body has been sent, while a person adding photos over a slow line needs to see each one go.
 * XMLHttpRequest's `upload.onprogress` can. It sends what the client sends: the same path, the
 * file's own bytes with its type, `Accept: application/json`, and, being same-origin, the session
 * cookie and the `Origin` header the API checks for a change made with that cookie.
 */
export function uploadPhotoWithProgress(
  petId: number,
  file: File,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<ApiResult<PetPhoto>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const path = OPERATIONS.uploadPetPhoto.path.replace('{petId}', String(petId));
    request.open('POST', `${window.location.origin}/v1${path}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(answerOf(request));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.onerror = () => {
      reject(
        new PetstoreApiError({
          kind: 'network',
          code: 'network_error',
          message: 'Could not reach the API.',
        }),
      );
    };
    request.onabort = () => {
      reject(new PetstoreApiError({ kind: 'aborted', code: 'aborted', message: 'Cancelled.' }));
    };
    signal?.addEventListener('abort', () => {
      request.abort();
    });
    request.send(file);
  });
}

/**
 * Why `file` would be refused before it is sent (its type or size), in words that complete "The
 * file …"; `undefined` when it may go.
 */
export function photoFileIssue(file: File): string | undefined {
  if (!isPhotoType(file.type)) return 'must be a JPEG, PNG, WebP or AVIF image';
  if (file.size > PHOTO_BYTES_MAX)
    return `must be at most ${String(PHOTO_BYTES_MAX / 1024 / 1024)} MiB`;
  if (file.size === 0) return 'is empty';
  return undefined;
}

export interface UploadVariables {
  file: File;
  onProgress: UploadProgress;
}

/**
 * Adds a photo: its progress told as it goes; once added, it shows last among the pet's photos and
 * the lists (the pet's face, if it is the first) are read again.
 */
export function useUploadPetPhoto(petId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadVariables) =>
      uploadPhotoWithProgress(petId, file, onProgress),
    onSuccess: ({ data: added }) =>
      photosChanged(queryClient, petId, (photos) => [
        ...photos.filter((photo) => photo.id !== added.id),
        added,
      ]),
  });
}
