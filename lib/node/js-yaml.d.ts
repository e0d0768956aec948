// js-yaml 3 (gray-matter's YAML parser) ships no types: these are the parts lib/node/frontmatter.server.ts uses.
declare module 'js-yaml' {
  namespace jsYaml {
    interface Schema {
      readonly __schema: unique symbol
    }
    interface Mark {
      /** Offset in the source, from 0. */
      position: number
    }
    interface YAMLException extends Error {
      /** The message without its position. */
      reason: string
      mark: Mark
    }
    /** The parser's state, handed to a listener as each node opens and closes. */
    interface LoaderState {
      /** Offset in the source, from 0. */
      position: number
      /** The node just read, on `close`. */
      result: unknown
    }
    interface LoadOptions {
      schema?: Schema
      listener?: (event: 'open' | 'close', state: LoaderState) => void
    }
  }
  const jsYaml: {
    /** Strings, numbers, booleans, null, lists and mappings: no timestamps (they stay text), no custom tags. */
    CORE_SCHEMA: jsYaml.Schema
    YAMLException: new (reason: string) => jsYaml.YAMLException
    load(source: string, options?: jsYaml.LoadOptions): unknown
  }
  export = jsYaml
}
