import type { Topic } from '../content/types'
import type { UiText } from '../ui-text'
import type { Site } from '../site'
import { markdownTwinPath } from '../alternates'
import { topicPath } from '../content/routes'
import type { PageSeo } from './head'
import { breadcrumbJsonLd, faqPageJsonLd, jsonLdGraph, type Crumb } from './json-ld'

export function topicCrumbs(topic: Pick<Topic, 'slug' | 'title'>, labels: Pick<UiText['topic'], 'breadcrumbHome' | 'breadcrumbTopics'>): Crumb[] {
  return [
    { name: labels.breadcrumbHome, path: '/' },
    { name: labels.breadcrumbTopics, path: '/topics' },
    { name: topic.title, path: topicPath(topic.slug) },
  ]
}

export function topicSeo(topic: Topic, site: Site, ui: UiText): PageSeo {
  const path = topicPath(topic.slug)
  return {
    path,
    title: topic.metaTitle,
    description: topic.metaDescription,
    markdown: markdownTwinPath(path),
    jsonLd: jsonLdGraph(breadcrumbJsonLd(topicCrumbs(topic, ui.topic), site), faqPageJsonLd(topic.faqs, path, site)),
  }
}
