// The address rules live in @hermes-agent/core so the browser tools apply the same ones.
export { isBlockedAddress, isMetadataAddress, isMetadataHostname } from "@hermes-agent/core";
