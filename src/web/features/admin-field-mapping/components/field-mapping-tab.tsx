/** Mapping tab: field-mapping templates list and editor with live preview. */
export function FieldMappingTab() {
  return null;
}
