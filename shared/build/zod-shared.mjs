// The part of zod the apps share (see TRIMMED in federation.mjs). Shared whole, zod would be 388 KB with
// every locale, JSON Schema and the compiler; the apps build their schemas from the constructors below (the
// schema classes they return carry every method such as .min() or .regex()). Apps keep writing
// `import { z } from 'zod'` and get this `z`; an app that needs another constructor adds it here
// (shell/src/federation/shared-entries.test.ts fails on a `z.<name>` this object lacks). Each member is named once:
// the bundler keeps only the namespace's members read here.
import * as zod from '@khela/zod-package';

export const z = {
  NEVER: zod.NEVER,
  ZodError: zod.ZodError,
  ZodType: zod.ZodType,
  ZodUndefined: zod.ZodUndefined,
  any: zod.any,
  array: zod.array,
  boolean: zod.boolean,
  coerce: zod.coerce,
  custom: zod.custom,
  date: zod.date,
  discriminatedUnion: zod.discriminatedUnion,
  enum: zod.enum,
  intersection: zod.intersection,
  lazy: zod.lazy,
  literal: zod.literal,
  never: zod.never,
  null: zod.null,
  nullable: zod.nullable,
  number: zod.number,
  object: zod.object,
  optional: zod.optional,
  preprocess: zod.preprocess,
  record: zod.record,
  string: zod.string,
  tuple: zod.tuple,
  undefined: zod.undefined,
  union: zod.union,
  unknown: zod.unknown,
};
