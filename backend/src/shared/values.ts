// Firestore's document values in their proto3 JSON form, on their own: the authorization seam,
// the rules engine and the Firestore engine all speak them, and none of them owns them.

export type Value =
  | { nullValue: null | 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string | number }
  | { doubleValue: number | string }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Record<string, Value> } };

export type Fields = Record<string, Value>;
