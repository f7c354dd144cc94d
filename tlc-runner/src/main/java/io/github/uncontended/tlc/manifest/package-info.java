/**
 * The manifests: models, their configs, their expectations, the schema, the litmus tests'
 * published outcomes.
 */
package io.github.uncontended.tlc.manifest;
