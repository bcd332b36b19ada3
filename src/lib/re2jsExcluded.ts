// Stands in for the `re2js` regular-expression engine in the app's build. Firestore's SDK uses it
// only to evaluate regex and LIKE expressions of pipeline queries on the device, which this app
// never runs; without it a provider's first load is about 40 KB gzip lighter. Should a pipeline
// with a regular expression ever run, the SDK catches this error and reports that expression as
// failed (its own path for an invalid pattern), so nothing fails silently as a match.

export class RE2JS {
  static compile(pattern: string): never {
    throw new Error(`Regular expressions in Firestore pipelines are not part of this build (pattern: ${pattern}).`);
  }
}
