/** Presets and a builder for nested relation mapping (SHALLOW 0, DEFAULT 1, DEEP 3 levels). */
import type { MappingConfig, MappingPreset } from "./types.ts";

const presets: Readonly<Record<MappingPreset, MappingConfig>> = {
  SHALLOW: { maxDepth: 0, detectCycles: true, includeNullFields: true },
  DEFAULT: { maxDepth: 1, detectCycles: true, includeNullFields: true },
  DEEP: { maxDepth: 3, detectCycles: true, includeNullFields: true },
};

export interface MappingConfigBuilder {
  maxDepth(depth: number): MappingConfigBuilder;
  detectCycles(on: boolean): MappingConfigBuilder;
  includeNullFields(on: boolean): MappingConfigBuilder;
  build(): MappingConfig;
}

function builderFrom(config: MappingConfig): MappingConfigBuilder {
  return {
    maxDepth: (maxDepth) => builderFrom({ ...config, maxDepth }),
    detectCycles: (detectCycles) => builderFrom({ ...config, detectCycles }),
    includeNullFields: (includeNullFields) => builderFrom({ ...config, includeNullFields }),
    build: () => config,
  };
}

export const DtoMappingConfig = {
  ...presets,
  /** Starts from DEFAULT: `DtoMappingConfig.builder().maxDepth(2).detectCycles(false).build()`. */
  builder: (): MappingConfigBuilder => builderFrom(presets.DEFAULT),
};

export function resolveMapping(mapping: MappingPreset | MappingConfig | undefined): MappingConfig {
  const config = typeof mapping === "string" ? presets[mapping] : (mapping ?? presets.SHALLOW);
  if (!config || !Number.isInteger(config.maxDepth) || config.maxDepth < 0) {
    throw new Error(`invalid mapping ${JSON.stringify(mapping)}: use SHALLOW, DEFAULT, DEEP or { maxDepth >= 0, … }`);
  }
  return config;
}
